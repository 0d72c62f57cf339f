import {
  keepPreviousData,
  mutationOptions,
  queryOptions,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import {
  routeRefs,
  teachingPaths,
  type CheckRunResult,
  type Lang,
  type myReportQuerySchema,
  type ownTaskQuerySchema,
  type RemainTime,
  type ReportInfo,
  type TaskStudyStep,
  type teachingApi,
} from '@platform/contract';
import type { RichDocument } from '@platform/rich-text';
import { call, uploadRoute } from '../../../shared/call';
import { sessionScope } from '../../../shared/queryScopes';
import { withAnswer, withProgress, type StepCalls } from '../../courses/study/api';

// The students' task pages load without the route declarations (and zod).
export const teaching = routeRefs<typeof teachingApi>(teachingPaths);

export type OwnTaskQuery = z.input<typeof ownTaskQuerySchema>;
export type MyReportQuery = z.input<typeof myReportQuerySchema>;

/**
 * Query keys of the students' task pages. Tasks name their course's chapters and steps, answered
 * in the caller's language, so keys of content hold the language.
 */
export const taskKeys = {
  all: [...sessionScope, 'teaching.study'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (query: OwnTaskQuery, lang: Lang) => [...taskKeys.lists(), lang, query] as const,
  courses: (lang: Lang) => [...taskKeys.all, 'courses', lang] as const,
  mine: (lang: Lang) => [...taskKeys.all, 'mine', lang] as const,
  details: () => [...taskKeys.all, 'detail'] as const,
  detail: (id: string, lang: Lang) => [...taskKeys.details(), id, lang] as const,
  steps: (studentTaskId: string) => [...taskKeys.all, 'step', studentTaskId] as const,
  step: (studentTaskId: string, stepId: string, lang: Lang) =>
    [...taskKeys.steps(studentTaskId), stepId, lang] as const,
  remain: (studentTaskId: string) => [...taskKeys.all, 'remain', studentTaskId] as const,
  reportLists: () => [...taskKeys.all, 'reports'] as const,
  reportList: (query: MyReportQuery, lang: Lang) =>
    [...taskKeys.reportLists(), lang, query] as const,
  reports: () => [...taskKeys.all, 'report'] as const,
  report: (studentTaskId: string, lang: Lang) =>
    [...taskKeys.reports(), studentTaskId, lang] as const,
};

/** Drops empty filters, so the query (and its key) holds only what the student asked for. */
function compact<Q extends object>(query: Q): Q {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Q;
}

export function ownTasksQueryOptions(query: OwnTaskQuery, lang: Lang) {
  const clean = compact(query);
  return queryOptions({
    queryKey: taskKeys.list(clean, lang),
    queryFn: ({ signal }) => call(teaching.ownList, { query: clean }, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** The student's counts by state and the open tasks whose deadline comes soonest. */
export function myTaskQueryOptions(lang: Lang) {
  return queryOptions({
    queryKey: taskKeys.mine(lang),
    queryFn: ({ signal }) => call(teaching.myTask, {}, { signal }),
  });
}

/** The most tasks a page may ask for, read once for the course filter's choices. */
const coursesScan = 100;

/** The courses of the student's tasks, for the course filter. */
export function taskCoursesQueryOptions(lang: Lang) {
  return queryOptions({
    queryKey: taskKeys.courses(lang),
    queryFn: async ({ signal }) => {
      const page = await call(
        teaching.ownList,
        { query: { pageNum: 1, pageSize: coursesScan } },
        { signal, quiet: true },
      );
      const names = new Map<string, string>();
      for (const task of page.records) names.set(task.courseId, task.courseName);
      return [...names].map(([value, label]) => ({ value, label }));
    },
    staleTime: 5 * 60_000,
  });
}

export function ownTaskQueryOptions(id: string | null, lang: Lang) {
  return queryOptions({
    queryKey: taskKeys.detail(id ?? '', lang),
    queryFn: ({ signal }) => call(teaching.ownDetail, { query: { id: id ?? '' } }, { signal }),
    enabled: id !== null,
    placeholderData: (previous) => (previous?.id === id ? previous : undefined),
  });
}

export function taskStepQueryOptions(studentTaskId: string, stepId: string | null, lang: Lang) {
  return queryOptions({
    queryKey: taskKeys.step(studentTaskId, stepId ?? '', lang),
    queryFn: ({ signal }) =>
      call(
        teaching.studyStep,
        { params: { id: stepId ?? '' }, query: { studentTaskId } },
        { signal },
      ),
    enabled: stepId !== null,
    placeholderData: (previous) => (previous?.id === stepId ? previous : undefined),
  });
}

/** While a task is shown, its time left is asked again every minute (it ticks on screen between). */
export const remainRefreshMs = 60_000;

export function remainTimeQueryOptions(teachingTaskId: string, studentTaskId: string) {
  return queryOptions({
    queryKey: taskKeys.remain(studentTaskId),
    queryFn: ({ signal }) =>
      call(teaching.remainTime, { query: { teachingTaskId, studentTaskId } }, { signal }),
    staleTime: 0,
    refetchInterval: remainRefreshMs,
  });
}

/**
 * Opens a task: a duration's clock starts at the first opening. The time it answers is the one
 * the countdown shows.
 */
export function taskStartMutationOptions(client: QueryClient) {
  return mutationOptions({
    mutationKey: [...taskKeys.all, 'start'],
    mutationFn: ({ id, quiet = false }: { id: string; quiet?: boolean }) =>
      call(teaching.taskStart, { params: { id } }, { quiet }),
    onSuccess: (remain: RemainTime, { id }) => {
      client.setQueryData(taskKeys.remain(id), remain);
      void client.invalidateQueries({ queryKey: taskKeys.lists() });
      // An exam shows its steps once its student's clock runs.
      void client.invalidateQueries({ queryKey: taskKeys.details() });
    },
  });
}

/** Marks the task's pages stale: step marks, progress and states change with a step. */
export function taskChanged(client: QueryClient) {
  void client.invalidateQueries({ queryKey: taskKeys.lists() });
  void client.invalidateQueries({ queryKey: taskKeys.details() });
}

/** Changes a task's step as cached in every language. */
function updateTaskStep(
  client: QueryClient,
  studentTaskId: string,
  stepId: string,
  change: (step: TaskStudyStep) => TaskStudyStep,
) {
  client.setQueriesData<TaskStudyStep>(
    { queryKey: [...taskKeys.steps(studentTaskId), stepId] },
    (step) => (step ? change(step) : step),
  );
}

/** The step views' calls inside a task: the task's routes, with its student task. */
export function taskStepCalls(studentTaskId: string): StepCalls {
  return {
    saveProgress: (client, { leaving, ...body }) => {
      updateTaskStep(client, studentTaskId, body.stepId, (step) => withProgress(step, body));
      const saved = call(
        teaching.stepProgress,
        { body: { studentTaskId, ...body } },
        { quiet: true, keepalive: leaving },
      );
      return body.completed ? saved.then(() => taskChanged(client)) : saved;
    },
    answer: (client) =>
      mutationOptions({
        mutationKey: [...taskKeys.all, 'answer'],
        mutationFn: (body) => call(teaching.stepAnswer, { body: { studentTaskId, ...body } }),
        onSuccess: (result, { stepId, answers }) => {
          updateTaskStep(client, studentTaskId, stepId, (step) =>
            withAnswer(step, answers, result),
          );
          void client.invalidateQueries({ queryKey: [...taskKeys.steps(studentTaskId), stepId] });
          taskChanged(client);
        },
      }),
  };
}

/** Runs a lab step's checks; the step remembers the attempt as its last one. */
export function stepCheckMutationOptions(client: QueryClient, studentTaskId: string) {
  return mutationOptions({
    mutationKey: [...taskKeys.all, 'check'],
    mutationFn: (stepId: string) => call(teaching.stepCheck, { body: { studentTaskId, stepId } }),
    onSuccess: (result: CheckRunResult, stepId) => {
      updateTaskStep(client, studentTaskId, stepId, (step) => ({ ...step, lastCheck: result }));
      taskChanged(client);
    },
  });
}

export function reportInfoQueryOptions(studentTaskId: string | null, lang: Lang) {
  return queryOptions({
    queryKey: taskKeys.report(studentTaskId ?? '', lang),
    queryFn: ({ signal }) =>
      call(teaching.reportInfo, { params: { id: studentTaskId ?? '' } }, { signal }),
    enabled: studentTaskId !== null,
    staleTime: 0,
  });
}

export function myReportsQueryOptions(query: MyReportQuery, lang: Lang) {
  const clean = compact(query);
  return queryOptions({
    queryKey: taskKeys.reportList(clean, lang),
    queryFn: ({ signal }) => call(teaching.myReports, { query: clean }, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** A document as the report routes take it (a Tiptap document, sanitised by the server). */
const reportBody = (doc: RichDocument) => doc as unknown as { type: 'doc'; [key: string]: unknown };

/**
 * Saves a draft of the report at `revision`; the server keeps the highest revision. The cached
 * report learns what the server holds, so an editor opened again starts from it.
 */
export async function saveReport(
  client: QueryClient,
  studentTaskId: string,
  content: RichDocument,
  revision: number,
  leaving = false,
) {
  const saved = await call(
    teaching.reportSave,
    { body: { studentTaskId, content: reportBody(content), revision } },
    { quiet: true, keepalive: leaving },
  );
  const key = [...taskKeys.reports(), studentTaskId];
  // A newer revision from elsewhere (another tab) is the server's to tell.
  if (saved.revision > revision) void client.invalidateQueries({ queryKey: key });
  else
    client.setQueriesData<ReportInfo>({ queryKey: key }, (info) =>
      info
        ? {
            ...info,
            content: content as unknown as Record<string, unknown>,
            revision: saved.revision,
            savedAt: saved.savedAt,
            length: saved.length,
            status: info.status === 'none' ? 'draft' : info.status,
          }
        : info,
    );
  return saved;
}

/** Marks everything of one student task stale: its steps, time, report and the lists. */
function studentTaskChanged(client: QueryClient, studentTaskId: string) {
  void client.invalidateQueries({ queryKey: taskKeys.reports() });
  void client.invalidateQueries({ queryKey: taskKeys.reportLists() });
  void client.invalidateQueries({ queryKey: taskKeys.steps(studentTaskId) });
  void client.invalidateQueries({ queryKey: taskKeys.remain(studentTaskId) });
  taskChanged(client);
}

/**
 * Submits the report alone (decision 0041): its report step is done, the task stays open for
 * its other steps.
 */
export function reportSubmitMutationOptions(client: QueryClient, studentTaskId: string) {
  return mutationOptions({
    mutationKey: [...taskKeys.all, 'report-submit'],
    mutationFn: ({ doc }: { doc: RichDocument }) =>
      call(teaching.reportSubmit, { body: { studentTaskId, content: reportBody(doc) } }),
    onSuccess: () => studentTaskChanged(client, studentTaskId),
  });
}

/**
 * Submits the whole task: its answers, checks and report close, and a saved report draft goes
 * in with it.
 */
export function taskSubmitMutationOptions(client: QueryClient, studentTaskId: string) {
  return mutationOptions({
    mutationKey: [...taskKeys.all, 'task-submit'],
    mutationFn: () => call(teaching.taskSubmit, { params: { id: studentTaskId } }),
    onSuccess: () => studentTaskChanged(client, studentTaskId),
  });
}

/** Uploads an image into the report; its address is what the document holds. */
export async function uploadReportImage(studentTaskId: string, file: File): Promise<string> {
  const image = await uploadRoute(teaching.reportImage, { file, fields: { studentTaskId } });
  return image.url;
}

export type { ReportInfo };
