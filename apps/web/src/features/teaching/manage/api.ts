import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  teachingApi,
  type DashboardPeriod,
  type PageFilter,
  type PageQuery,
  type TaskExtend,
  type TaskSave,
  type TaskScore,
  type taskPageQuerySchema,
} from '@platform/contract';
import { call, downloadRoute } from '../../../shared/call';
import type { DownloadProgress } from '../../labs/api';
import type { FileSource } from '../../labs/FileBrowser';
import { invalidates, sessionScope } from '../../../shared/queryScopes';

/**
 * Teaching tasks of teachers and school administrators (management spec §2): the list, the
 * task form, a task's students, scoring and the dashboard. The form, the extension and the score
 * are quiet, as their errors land on their fields; the other actions let the request layer show
 * the server's message ("There are N students unscored").
 */

export type TaskFilter = PageFilter<typeof taskPageQuerySchema>;
export type TaskPageQuery = TaskFilter & PageQuery;

export const taskKeys = {
  all: [...sessionScope, 'teaching'] as const,
  page: (query: TaskPageQuery) => [...taskKeys.all, 'page', query] as const,
  detail: (id: string) => [...taskKeys.all, 'detail', id] as const,
  student: (studentTaskId: string) => [...taskKeys.all, 'student', studentTaskId] as const,
  dashboard: (period: DashboardPeriod) => [...taskKeys.all, 'dashboard', period] as const,
  labFiles: (studentTaskId: string, envId: string, path: string) =>
    [...taskKeys.all, 'lab-files', studentTaskId, envId, path] as const,
};

export function taskPageQueryOptions(query: TaskPageQuery) {
  return queryOptions({
    queryKey: taskKeys.page(query),
    queryFn: ({ signal }) => call(teachingApi.taskPage, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function taskDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: taskKeys.detail(id),
    queryFn: ({ signal }) => call(teachingApi.taskDetail, { params: { id } }, { signal }),
  });
}

/** One student's task as the scoring view needs it (id of the student task). */
export function taskStudentQueryOptions(studentTaskId: string) {
  return queryOptions({
    queryKey: taskKeys.student(studentTaskId),
    queryFn: ({ signal }) =>
      call(teachingApi.taskStudent, { params: { id: studentTaskId } }, { signal }),
  });
}

export function dashboardQueryOptions(period: DashboardPeriod) {
  return queryOptions({
    queryKey: taskKeys.dashboard(period),
    queryFn: ({ signal }) => call(teachingApi.dashboard, { query: { period } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

const tasksChanged = { queryKey: taskKeys.all };

export function taskSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...taskKeys.all, 'save'],
    mutationFn: (body: TaskSave) => call(teachingApi.taskSave, { body }, { quiet: true }),
    onSuccess: invalidates(tasksChanged),
  });
}

/** The actions on a whole task, by the route each calls with the task's id. */
const taskActions = {
  cancel: teachingApi.taskCancel,
  delete: teachingApi.taskDelete,
  issueScores: teachingApi.issueScores,
  archive: teachingApi.archive,
} as const;
export type TaskAction = keyof typeof taskActions;

export function taskActionMutationOptions(action: TaskAction) {
  return mutationOptions({
    mutationKey: [...taskKeys.all, action],
    mutationFn: (id: string): Promise<unknown> => call(taskActions[action], { params: { id } }),
    onSuccess: invalidates(tasksChanged),
  });
}

export function taskExtendMutationOptions() {
  return mutationOptions({
    mutationKey: [...taskKeys.all, 'extend'],
    mutationFn: (body: TaskExtend) => call(teachingApi.taskExtend, { body }, { quiet: true }),
    onSuccess: invalidates(tasksChanged),
  });
}

export function taskScoreMutationOptions() {
  return mutationOptions({
    mutationKey: [...taskKeys.all, 'score'],
    mutationFn: (body: TaskScore) => call(teachingApi.taskScore, { body }, { quiet: true }),
    onSuccess: invalidates(tasksChanged),
  });
}

export function reportReturnMutationOptions() {
  return mutationOptions({
    mutationKey: [...taskKeys.all, 'report-return'],
    mutationFn: (body: { studentTaskId: string; comment?: string }) =>
      call(teachingApi.reportReturn, { body }),
    onSuccess: invalidates(tasksChanged),
  });
}

/** A read-only view of a student's running lab: a fresh address each time. */
export function labWatchMutationOptions() {
  return mutationOptions({
    mutationKey: [...taskKeys.all, 'lab-watch'],
    mutationFn: (studentTaskId: string) =>
      call(teachingApi.labWatch, { params: { id: studentTaskId } }),
  });
}

/** A student's lab home of one of the task's environments, read-only, running or stopped. */
export function studentLabFiles(studentTaskId: string, envId: string): FileSource {
  const params = { id: studentTaskId };
  return {
    folderKey: (path) => taskKeys.labFiles(studentTaskId, envId, path),
    folder: (path, signal) =>
      call(teachingApi.labFiles, { params, query: { envId, path } }, { signal }),
    download: (path, onProgress: DownloadProgress) =>
      downloadRoute(teachingApi.labFile, { params, query: { envId, path } }, { onProgress }),
  };
}
