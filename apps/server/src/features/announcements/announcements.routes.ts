import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announcementSchema, apiRoutes, envelopeOf } from '@platform/contract';
import { readAnnouncement } from './announcements.repo';

export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoutes.announcement,
    {
      schema: {
        tags: ['announcements'],
        summary: 'The global system announcement shown over the app (null when none is configured)',
        response: { 200: envelopeOf(announcementSchema.nullable()) },
      },
    },
    async (_req, reply) => {
      const parsed = announcementSchema.safeParse(await readAnnouncement(app.ctx.db));
      return reply.ok(parsed.success ? parsed.data : null);
    },
  );
};
