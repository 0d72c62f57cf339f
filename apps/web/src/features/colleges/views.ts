import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const collegesViews = {
  CollegeList: lazy(() => import('./CollegeList').then((m) => ({ default: m.CollegeList }))),
};
