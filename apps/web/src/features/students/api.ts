import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  classesApi,
  studentsApi,
  type ResetPasswordMode,
  type StudentBatchCreate,
  type StudentSave,
  type PageFilter,
  type PageQuery,
  type studentPageQuerySchema,
} from '@platform/contract';
import { call } from '../../shared/call';
import { invalidates, sessionScope } from '../../shared/queryScopes';

/**
 * Student accounts of the school (management spec §2). Writes are quiet: the screens show a
 * failure with the action it concerns ("Failed to add: …") and put field errors on the inputs.
 */

export type StudentFilter = PageFilter<typeof studentPageQuerySchema>;
export type StudentPageQuery = StudentFilter & PageQuery;

export const studentKeys = {
  all: [...sessionScope, 'students'] as const,
  page: (query: StudentPageQuery) => [...studentKeys.all, 'page', query] as const,
  detail: (id: string) => [...studentKeys.all, 'get', id] as const,
};

/** Under the classes' own root, so changes to classes refresh the options too. */
export const classOptionKeys = [...sessionScope, 'classes', 'list'] as const;

export function studentPageQueryOptions(query: StudentPageQuery) {
  return queryOptions({
    queryKey: studentKeys.page(query),
    queryFn: ({ signal }) => call(studentsApi.page, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function studentQueryOptions(id: string) {
  return queryOptions({
    queryKey: studentKeys.detail(id),
    queryFn: ({ signal }) => call(studentsApi.get, { params: { id } }, { signal }),
  });
}

/** The school's classes for selects and filters (archived ones included, marked). */
export function classOptionsQueryOptions() {
  return queryOptions({
    queryKey: classOptionKeys,
    queryFn: ({ signal }) => call(classesApi.list, { query: {} }, { signal }),
    staleTime: 60_000,
  });
}

const studentsChanged = { queryKey: studentKeys.all };

export function studentSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...studentKeys.all, 'save'],
    mutationFn: (body: StudentSave) => call(studentsApi.save, { body }, { quiet: true }),
    onSuccess: invalidates(studentsChanged),
  });
}

export function studentEnableMutationOptions() {
  return mutationOptions({
    mutationKey: [...studentKeys.all, 'enable'],
    mutationFn: (body: { id: string; enabled: boolean }) =>
      call(studentsApi.enable, { body }, { quiet: true }),
    onSuccess: invalidates(studentsChanged),
  });
}

export function studentResetPasswordMutationOptions() {
  return mutationOptions({
    mutationKey: [...studentKeys.all, 'reset-password'],
    mutationFn: (body: { id: string; mode: ResetPasswordMode }) =>
      call(studentsApi.resetPassword, { body }, { quiet: true }),
  });
}

export function studentBatchCreateMutationOptions() {
  return mutationOptions({
    mutationKey: [...studentKeys.all, 'batch-create'],
    mutationFn: (body: StudentBatchCreate) =>
      call(studentsApi.batchCreate, { body }, { quiet: true }),
    onSuccess: invalidates(studentsChanged),
  });
}
