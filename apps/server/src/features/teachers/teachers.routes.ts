import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const teachersRoutes: FastifyPluginAsyncZod = async () => {};
