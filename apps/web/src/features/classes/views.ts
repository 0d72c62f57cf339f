import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const classesViews = {
  ClassManagement: lazy(() =>
    import('./ClassManagement').then((m) => ({ default: m.ClassManagement })),
  ),
};
