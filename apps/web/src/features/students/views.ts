import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const studentsViews = {
  StudentManagement: lazy(() =>
    import('./StudentManagement').then((m) => ({ default: m.StudentManagement })),
  ),
  StudentEdit: lazy(() => import('./StudentEdit').then((m) => ({ default: m.StudentEdit }))),
  StudentDetail: lazy(() => import('./StudentDetail').then((m) => ({ default: m.StudentDetail }))),
  StudentNewAccount: lazy(() =>
    import('./StudentNewAccount').then((m) => ({ default: m.StudentNewAccount })),
  ),
};
