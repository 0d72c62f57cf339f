import { defineRoute } from './route';
import { announcementSchema } from './site';
import { announcementsPaths } from './announcements.paths';

/** The system announcement shown over the app. */
export const announcementsApi = {
  get: /* @__PURE__ */ defineRoute({
    ...announcementsPaths.get,
    feature: 'announcements',
    summary: 'The global system announcement shown over the app (null when none is configured)',
    response: /* @__PURE__ */ announcementSchema.nullable(),
    access: { who: 'public' },
  }),
} as const;
