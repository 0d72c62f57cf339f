import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const orgViews = {
  OrgManagement: lazy(() => import('./OrgManagement').then((m) => ({ default: m.OrgManagement }))),
};
