import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const schoolViews = {
  SchoolProfile: lazy(() => import('./SchoolProfile').then((m) => ({ default: m.SchoolProfile }))),
  OrgManagement: lazy(() => import('./OrgManagement').then((m) => ({ default: m.OrgManagement }))),
  ClassManagement: lazy(() =>
    import('./ClassManagement').then((m) => ({ default: m.ClassManagement })),
  ),
};
