import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const landingViews = {
  workbench: lazy(() => import('./Landing').then((m) => ({ default: m.Landing }))),
};
