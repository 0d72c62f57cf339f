import { lazy } from 'react';

/** The system announcement's editor, loaded on first use. */
export const announcementsViews = {
  AnnouncementSettings: lazy(() =>
    import('./AnnouncementSettings').then((m) => ({ default: m.AnnouncementSettings })),
  ),
};
