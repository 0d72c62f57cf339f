import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announcementSchema, announcementsApi as api } from '@platform/contract';
import { serve } from '../../lib/serve';
import { readAnnouncement } from './announcements.service';

export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, api.get, async (_req, reply) => {
    const parsed = announcementSchema.safeParse(await readAnnouncement(app.ctx.db));
    return reply.ok(parsed.success ? parsed.data : null);
  });
};
