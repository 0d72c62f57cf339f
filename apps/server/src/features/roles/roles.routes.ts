import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const rolesRoutes: FastifyPluginAsyncZod = async () => {};
