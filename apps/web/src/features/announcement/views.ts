import { lazy } from 'react';

/** The system announcement's editor, loaded on first use. */
export const announcementViews = {
  AnnouncementSettings: lazy(() =>
    import('./AnnouncementSettings').then((m) => ({ default: m.AnnouncementSettings })),
  ),
};
