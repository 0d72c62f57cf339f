import { defineRoute } from './route';
import {
  announcementEditSchema,
  announcementSaveSchema,
  announcementSchema,
} from './announcements';
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
  detail: /* @__PURE__ */ defineRoute({
    ...announcementsPaths.detail,
    feature: 'announcements',
    summary:
      'The system announcement for its editor: as shown, with the rich-text document it was rendered from (null when none is configured)',
    response: /* @__PURE__ */ announcementEditSchema.nullable(),
    access: { who: 'staff', permission: 'announcement.edit' },
  }),
  save: /* @__PURE__ */ defineRoute({
    ...announcementsPaths.save,
    feature: 'announcements',
    summary:
      'Replace the system announcement; its content is sanitised and rendered to HTML before it is stored',
    body: announcementSaveSchema,
    response: announcementEditSchema,
    access: { who: 'staff', permission: 'announcement.edit' },
  }),
} as const;
