import { lazy } from 'react';

/**
 * The menu views of teaching tasks by view name; each page loads on first use, the dashboard
 * with its charts. A list's task pages sit under its path (see `taskPaths.ts`).
 */
export const teachingManageViews = {
  TaskList: lazy(() => import('./TaskList').then((m) => ({ default: m.TaskList }))),
  TaskEdit: lazy(() => import('./TaskEdit').then((m) => ({ default: m.TaskEdit }))),
  TaskDetail: lazy(() => import('./TaskDetail').then((m) => ({ default: m.TaskDetail }))),
  TaskReview: lazy(() => import('./TaskReview').then((m) => ({ default: m.TaskReview }))),
  TeachingDashboard: lazy(() =>
    import('./TeachingDashboard').then((m) => ({ default: m.TeachingDashboard })),
  ),
};
