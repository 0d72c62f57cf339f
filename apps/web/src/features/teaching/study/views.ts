import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const teachingStudyViews = {
  MyTasks: lazy(() => import('./TaskLists').then((m) => ({ default: m.MyTasks }))),
  MyReports: lazy(() => import('./TaskLists').then((m) => ({ default: m.MyReports }))),
  TaskInfo: lazy(() => import('./TaskInfo').then((m) => ({ default: m.TaskInfo }))),
  TaskDo: lazy(() => import('./TaskDo').then((m) => ({ default: m.TaskDo }))),
  ReportInfo: lazy(() => import('./ReportInfo').then((m) => ({ default: m.ReportInfo }))),
};
