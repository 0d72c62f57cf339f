import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const studentsRoutes: FastifyPluginAsyncZod = async () => {};
