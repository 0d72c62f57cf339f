import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const regionsRoutes: FastifyPluginAsyncZod = async () => {};
