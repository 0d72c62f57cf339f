import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  coursesApi,
  type ChapterSave,
  type CourseFileKind,
  type CourseFileUploaded,
  type CourseSave,
  type PageQuery,
  type StepSave,
  type coursePageQuerySchema,
} from '@platform/contract';
import { call, downloadRoute, uploadRoute } from '../../../shared/call';
import { invalidates, sessionScope } from '../../../shared/queryScopes';
import { saveBlob } from '../../../shared/saveBlob';

/**
 * The course centre of teachers and school administrators (management spec §2): courses, their
 * chapters, steps, files and resource tables. The course form and the delete are quiet, as they
 * word their own failure; the other writes let the request layer show the server's message.
 */

export type CourseFilter = Partial<Omit<z.input<typeof coursePageQuerySchema>, keyof PageQuery>>;
export type CoursePageQuery = CourseFilter & PageQuery;
export interface ResourcePageQuery extends PageQuery {
  courseId: string;
  name?: string | undefined;
}

export const courseKeys = {
  all: [...sessionScope, 'courses'] as const,
  page: (query: CoursePageQuery) => [...courseKeys.all, 'page', query] as const,
  detail: (id: string) => [...courseKeys.all, 'detail', id] as const,
  edit: (id: string) => [...courseKeys.all, 'edit', id] as const,
  resources: (query: ResourcePageQuery) => [...courseKeys.all, 'resources', query] as const,
};

export function coursePageQueryOptions(query: CoursePageQuery) {
  return queryOptions({
    queryKey: courseKeys.page(query),
    queryFn: ({ signal }) => call(coursesApi.page, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function courseDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: courseKeys.detail(id),
    queryFn: ({ signal }) => call(coursesApi.detail, { params: { id } }, { signal }),
  });
}

/** A course with every text in both languages and every step's content, for its editors. */
export function courseEditQueryOptions(id: string) {
  return queryOptions({
    queryKey: courseKeys.edit(id),
    queryFn: ({ signal }) => call(coursesApi.edit, { params: { id } }, { signal }),
  });
}

export function resourcePageQueryOptions(query: ResourcePageQuery) {
  return queryOptions({
    queryKey: courseKeys.resources(query),
    queryFn: ({ signal }) => call(coursesApi.resourcePage, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

const coursesChanged = { queryKey: courseKeys.all };

export function courseSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...courseKeys.all, 'save'],
    mutationFn: (body: CourseSave) => call(coursesApi.save, { body }, { quiet: true }),
    onSuccess: invalidates(coursesChanged),
  });
}

export function courseDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...courseKeys.all, 'delete'],
    mutationFn: (id: string) => call(coursesApi.remove, { body: { id } }, { quiet: true }),
    onSuccess: invalidates(coursesChanged),
  });
}

export function courseTransferMutationOptions() {
  return mutationOptions({
    mutationKey: [...courseKeys.all, 'transfer'],
    mutationFn: (body: { id: string; teacherId: string }) => call(coursesApi.transfer, { body }),
    onSuccess: invalidates(coursesChanged),
  });
}

/** Opening for self-study: a refusal ("Chapter steps cannot be empty") is toasted as it is. */
export function courseSelfStudyMutationOptions() {
  return mutationOptions({
    mutationKey: [...courseKeys.all, 'self-study'],
    mutationFn: (body: { id: string; open: boolean }) => call(coursesApi.selfStudy, { body }),
    onSuccess: invalidates(coursesChanged),
  });
}

export function chapterSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...courseKeys.all, 'chapter-save'],
    mutationFn: (body: ChapterSave) => call(coursesApi.chapterSave, { body }),
    onSuccess: invalidates(coursesChanged),
  });
}

export function chapterDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...courseKeys.all, 'chapter-delete'],
    mutationFn: (id: string) => call(coursesApi.chapterDelete, { body: { id } }),
    onSuccess: invalidates(coursesChanged),
  });
}

export function stepSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...courseKeys.all, 'step-save'],
    mutationFn: (body: StepSave) => call(coursesApi.stepSave, { body }),
    onSuccess: invalidates(coursesChanged),
  });
}

export function stepDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...courseKeys.all, 'step-delete'],
    mutationFn: (id: string) => call(coursesApi.stepDelete, { body: { id } }),
    onSuccess: invalidates(coursesChanged),
  });
}

export function resourceDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...courseKeys.all, 'resource-delete'],
    mutationFn: (id: string) => call(coursesApi.resourceDelete, { body: { id } }),
    onSuccess: invalidates(coursesChanged),
  });
}

/** Sends a file of a course (cover, image, video, PDF, attachment) with upload progress. */
export function uploadCourseFile(
  file: Blob,
  fields: { courseId: string; kind: CourseFileKind },
  opts: { onProgress?: (percent: number) => void; signal?: AbortSignal; quiet?: boolean } = {},
): Promise<CourseFileUploaded> {
  return uploadRoute(coursesApi.fileUpload, { file, fields, ...opts });
}

export async function downloadResource(id: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await downloadRoute(coursesApi.resourceDownload, { params: { id } });
  saveBlob(blob, fileName ?? fallbackName);
}
