import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  teachersApi,
  type PageFilter,
  type PageQuery,
  type TeacherSave,
  type teacherPageQuerySchema,
} from '@platform/contract';
import { call } from '../../shared/call';
import { invalidates, sessionScope } from '../../shared/queryScopes';

/**
 * Teacher accounts of the school (management spec §2). Writes are quiet: the screen shows a
 * failure with the action it concerns and puts field errors on the inputs.
 */

export type TeacherFilter = PageFilter<typeof teacherPageQuerySchema>;
export type TeacherPageQuery = TeacherFilter & PageQuery;

export const teacherKeys = {
  all: [...sessionScope, 'teachers'] as const,
  page: (query: TeacherPageQuery) => [...teacherKeys.all, 'page', query] as const,
};

export function teacherPageQueryOptions(query: TeacherPageQuery) {
  return queryOptions({
    queryKey: teacherKeys.page(query),
    queryFn: ({ signal }) => call(teachersApi.page, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

const teachersChanged = { queryKey: teacherKeys.all };

export function teacherSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...teacherKeys.all, 'save'],
    mutationFn: (body: TeacherSave) => call(teachersApi.save, { body }, { quiet: true }),
    onSuccess: invalidates(teachersChanged),
  });
}

export function teacherEnableMutationOptions() {
  return mutationOptions({
    mutationKey: [...teacherKeys.all, 'enable'],
    mutationFn: (body: { id: string; enabled: boolean }) =>
      call(teachersApi.enable, { body }, { quiet: true }),
    onSuccess: invalidates(teachersChanged),
  });
}

export function teacherDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...teacherKeys.all, 'delete'],
    mutationFn: (id: string) => call(teachersApi.delete, { params: { id } }, { quiet: true }),
    onSuccess: invalidates(teachersChanged),
  });
}
