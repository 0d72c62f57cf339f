import { useTranslation } from 'react-i18next';
import {
  mutationOptions,
  queryOptions,
  type QueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query';
import type { z } from 'zod';
import {
  coursesPaths,
  routeRefs,
  type coursesApi,
  type Lang,
  type QuestionAnswer,
  type RouteOutput,
  type StudyStep,
  type studentCoursePageQuerySchema,
} from '@platform/contract';
import { call, downloadRoute } from '../../../shared/call';
import { apiLanguage } from '../../../shared/i18n';
import { sessionScope } from '../../../shared/queryScopes';
import { saveBlob } from '../../../shared/saveBlob';

// The course hall loads without the route declarations (and zod).
export const courses = routeRefs<typeof coursesApi>(coursesPaths);

export type CourseListQuery = z.input<typeof studentCoursePageQuerySchema>;
export type CourseList = 'hall' | 'selfCulture' | 'myStudy';

const listRoutes = {
  hall: courses.studentPage,
  selfCulture: courses.selfCulture,
  myStudy: courses.myStudy,
} as const;

/**
 * Query keys of the student's course pages. Content is answered in the caller's language, so
 * every key of content holds the language: switching it fetches the other language.
 */
export const studyKeys = {
  all: [...sessionScope, 'courses.study'] as const,
  lists: () => [...studyKeys.all, 'list'] as const,
  list: (list: CourseList, query: CourseListQuery, lang: Lang) =>
    [...studyKeys.lists(), list, lang, query] as const,
  infos: () => [...studyKeys.all, 'info'] as const,
  info: (id: string, lang: Lang) => [...studyKeys.infos(), id, lang] as const,
  steps: (id: string) => [...studyKeys.all, 'step', id] as const,
  step: (id: string, lang: Lang) => [...studyKeys.steps(id), lang] as const,
};

/** Drops empty filters so the server sees only what the student asked for. */
function compact(query: CourseListQuery): CourseListQuery {
  const body: CourseListQuery = { pageNum: query.pageNum, pageSize: query.pageSize };
  const name = query.name?.trim();
  if (name) body.name = name;
  if (query.difficulty) body.difficulty = query.difficulty;
  if (query.specialty) body.specialty = query.specialty;
  return body;
}

/** The course hall is kept: coming back to it shows what it showed, without waiting. */
const keptMs = 5 * 60_000;

export function courseListQueryOptions(list: CourseList, query: CourseListQuery, lang: Lang) {
  const body = compact(query);
  return queryOptions({
    queryKey: studyKeys.list(list, body, lang),
    queryFn: ({ signal }) => call(listRoutes[list], { query: body }, { signal }),
    ...(list === 'hall' ? { staleTime: keptMs, gcTime: 6 * keptMs } : { staleTime: 0 }),
  });
}

/**
 * A course or a step by id: none is asked while the page has no id, and after a language switch
 * the other language's text stays shown while the new one loads.
 */
export function courseInfoQueryOptions(id: string | null, lang: Lang) {
  return queryOptions({
    queryKey: studyKeys.info(id ?? '', lang),
    queryFn: ({ signal }) => call(courses.studentInfo, { params: { id: id ?? '' } }, { signal }),
    enabled: id !== null,
    placeholderData: (previous) => (previous?.id === id ? previous : undefined),
  });
}

export function studyStepQueryOptions(id: string | null, lang: Lang) {
  return queryOptions({
    queryKey: studyKeys.step(id ?? '', lang),
    queryFn: ({ signal }) => call(courses.studyStep, { params: { id: id ?? '' } }, { signal }),
    enabled: id !== null,
    placeholderData: (previous) => (previous?.id === id ? previous : undefined),
  });
}

/** Marks the course pages stale: outlines, marks and progress bars change with a step. */
export function progressChanged(client: QueryClient) {
  void client.invalidateQueries({ queryKey: studyKeys.lists() });
  void client.invalidateQueries({ queryKey: studyKeys.infos() });
}

/** Changes a step as cached in every language. */
export function updateStep(
  client: QueryClient,
  id: string,
  change: (step: StudyStep) => StudyStep,
) {
  client.setQueriesData<StudyStep>({ queryKey: studyKeys.steps(id) }, (step) =>
    step ? change(step) : step,
  );
}

export interface ProgressSave {
  stepId: string;
  videoSeconds?: number;
  completed?: boolean;
  /** The page is being left: the request must outlive it. */
  leaving?: boolean;
}

export type StepAnswerResult = RouteOutput<typeof coursesApi.stepAnswer>;

export interface StepAnswer {
  stepId: string;
  answers: QuestionAnswer[];
}

/** A step as it is once `save` is recorded. */
export function withProgress<S extends StudyStep>(step: S, save: ProgressSave): S {
  return {
    ...step,
    progress: {
      ...step.progress,
      ...(save.videoSeconds === undefined ? {} : { videoSeconds: save.videoSeconds }),
      ...(save.completed ? { completed: true } : {}),
    },
  };
}

/** A step as it is once `answers` are scored. */
export function withAnswer<S extends StudyStep>(
  step: S,
  answers: QuestionAnswer[],
  result: StepAnswerResult,
): S {
  return {
    ...step,
    progress: {
      ...step.progress,
      completed: true,
      score: result.score,
      answers,
      results: result.results,
    },
  };
}

/**
 * What a step view calls to record progress and answers: the course's own routes here, a task's
 * (with its student task) on the task pages.
 */
export interface StepCalls {
  saveProgress: (client: QueryClient, save: ProgressSave) => Promise<unknown>;
  answer: (client: QueryClient) => UseMutationOptions<StepAnswerResult, Error, StepAnswer>;
}

/**
 * Saves where the student is in a video, or that a step is done. The cached step learns it at
 * once, so coming back to the step resumes there without waiting for the server.
 */
export function saveProgress(client: QueryClient, { leaving, ...body }: ProgressSave) {
  updateStep(client, body.stepId, (step) => withProgress(step, body));
  const saved = call(courses.stepProgress, { body }, { quiet: true, keepalive: leaving });
  return body.completed ? saved.then(() => progressChanged(client)) : saved;
}

export function stepAnswerMutationOptions(client: QueryClient) {
  return mutationOptions({
    mutationKey: [...studyKeys.all, 'answer'],
    mutationFn: (body: StepAnswer) => call(courses.stepAnswer, { body }),
    onSuccess: (result, { stepId, answers }) => {
      updateStep(client, stepId, (step) => withAnswer(step, answers, result));
      // The results name right answers and analyses in the language answered in; other
      // languages fetch theirs.
      void client.invalidateQueries({ queryKey: studyKeys.steps(stepId) });
      progressChanged(client);
    },
  });
}

/** The course's own calls of the step views. */
export const courseStepCalls: StepCalls = {
  saveProgress,
  answer: stepAnswerMutationOptions,
};

/** Downloads a resource file of a course under its name. */
export async function downloadResource(id: string, name: string) {
  const { blob, fileName } = await downloadRoute(courses.resourceDownload, { params: { id } });
  saveBlob(blob, fileName ?? name);
}

/** The language content is asked in: the interface's, so a switch fetches the other one. */
export function useContentLang(): Lang {
  useTranslation();
  return apiLanguage();
}
