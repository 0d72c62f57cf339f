import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const customersRoutes: FastifyPluginAsyncZod = async () => {};
