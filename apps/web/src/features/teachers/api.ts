import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  apiRoutes,
  pathOf,
  type Page,
  type PageFilter,
  type PageQuery,
  type Teacher,
  type TeacherSave,
  type teacherPageQuerySchema,
} from '@platform/contract';
import { request } from '../../shared/request';
import { sessionScope } from '../../shared/queryScopes';

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
    queryFn: ({ signal }) =>
      request<Page<Teacher>>(apiRoutes.teachersPage, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

const teachersChanged = { queryKey: teacherKeys.all };

export function teacherSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...teacherKeys.all, 'save'],
    mutationFn: (body: TeacherSave) =>
      request<Teacher>(apiRoutes.teachersSave, { json: body, quiet: true }),
    onSuccess: (_data, _vars, _result, { client }) =>
      void client.invalidateQueries(teachersChanged),
  });
}

export function teacherEnableMutationOptions() {
  return mutationOptions({
    mutationKey: [...teacherKeys.all, 'enable'],
    mutationFn: (body: { id: string; enabled: boolean }) =>
      request<Teacher>(apiRoutes.teachersEnable, { json: body, quiet: true }),
    onSuccess: (_data, _vars, _result, { client }) =>
      void client.invalidateQueries(teachersChanged),
  });
}

export function teacherDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...teacherKeys.all, 'delete'],
    mutationFn: (id: string) =>
      request<null>(pathOf(apiRoutes.teachersDelete, { id }), { method: 'DELETE', quiet: true }),
    onSuccess: (_data, _vars, _result, { client }) =>
      void client.invalidateQueries(teachersChanged),
  });
}
