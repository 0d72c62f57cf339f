import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announcementSchema, announcementsApi as api } from '@platform/contract';
import { serve } from '../../lib/serve';
import { readAnnouncement, readAnnouncementEdit, saveAnnouncement } from './announcements.service';

export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, api.get, async (_req, reply) => {
    const parsed = announcementSchema.safeParse(await readAnnouncement(app.ctx.db));
    return reply.ok(parsed.success ? parsed.data : null);
  });
  serve(app, api.detail, async (_req, reply) => reply.ok(await readAnnouncementEdit(app.ctx.db)));
  serve(app, api.save, async (req, reply) =>
    reply.ok(await saveAnnouncement(app.ctx.db, req.body, app.ctx.now()), 'settings.saved'),
  );
};
