import { lazy } from 'react';

/**
 * The menu views of this feature by view name; each page loads on first use. A list's course
 * pages sit under its path (see `coursePaths.ts`).
 */
export const coursesManageViews = {
  CourseCentre: lazy(() => import('./CourseCentre').then((m) => ({ default: m.CourseCentre }))),
  CourseList: lazy(() => import('./CourseList').then((m) => ({ default: m.CourseList }))),
  CourseDetail: lazy(() => import('./CourseDetail').then((m) => ({ default: m.CourseDetail }))),
  CourseEdit: lazy(() => import('./CourseEdit').then((m) => ({ default: m.CourseEdit }))),
  CourseConfig: lazy(() => import('./CourseConfig').then((m) => ({ default: m.CourseConfig }))),
};
