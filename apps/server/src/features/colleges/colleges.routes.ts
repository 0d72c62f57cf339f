import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const collegesRoutes: FastifyPluginAsyncZod = async () => {};
