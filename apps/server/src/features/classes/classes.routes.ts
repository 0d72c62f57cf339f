import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const classesRoutes: FastifyPluginAsyncZod = async () => {};
