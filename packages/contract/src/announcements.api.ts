import { defineRoute } from './route';
import { announcementSchema } from './site';

/** The system announcement shown over the app. */
export const announcementsApi = {
  get: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/openapi/api-operation/system/announcement',
    feature: 'announcements',
    summary: 'The global system announcement shown over the app (null when none is configured)',
    response: /* @__PURE__ */ announcementSchema.nullable(),
    access: { who: 'public' },
  }),
} as const;
