import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const coursesStudyViews = {
  CourseHall: lazy(() => import('./CourseLists').then((m) => ({ default: m.CourseHall }))),
  MyStudy: lazy(() => import('./CourseLists').then((m) => ({ default: m.MyStudy }))),
  SelfCulture: lazy(() => import('./CourseLists').then((m) => ({ default: m.SelfCulture }))),
  CourseInfo: lazy(() => import('./CourseInfo').then((m) => ({ default: m.CourseInfo }))),
  CourseStudy: lazy(() => import('./CourseStudy').then((m) => ({ default: m.CourseStudy }))),
};
