import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const orgRoutes: FastifyPluginAsyncZod = async () => {};
