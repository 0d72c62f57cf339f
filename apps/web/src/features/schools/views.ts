import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const schoolsViews = {
  SchoolProfile: lazy(() => import('./SchoolProfile').then((m) => ({ default: m.SchoolProfile }))),
};
