import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const teachersViews = {
  TeacherManagement: lazy(() =>
    import('./TeacherManagement').then((m) => ({ default: m.TeacherManagement })),
  ),
};
