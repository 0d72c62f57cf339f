import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  apiRoutes,
  pathOf,
  rootRegionId,
  type College,
  type CollegeAdmin,
  type CollegeAdminCreate,
  type CollegeSave,
  type Page,
  type PageFilter,
  type PageQuery,
  type Region,
  type collegePageQuerySchema,
} from '@platform/contract';
import { download, request } from '../../shared/request';
import { sessionScope } from '../../shared/queryScopes';

/** Schools for operators, their administrators and the region dictionary (management spec §7). */

export type CollegeFilter = PageFilter<typeof collegePageQuerySchema>;

export const collegeKeys = {
  all: [...sessionScope, 'colleges'] as const,
  colleges: () => [...collegeKeys.all, 'colleges'] as const,
  /** Region names come in the caller's language, so the language is part of the keys. */
  page: (query: CollegeFilter & PageQuery, language: string) =>
    [...collegeKeys.colleges(), 'page', query, language] as const,
  admins: (collegeId: string) => [...collegeKeys.colleges(), 'admins', collegeId] as const,
  regions: (pid: string, language: string) =>
    [...collegeKeys.all, 'regions', pid, language] as const,
};

export function collegePageQueryOptions(query: CollegeFilter & PageQuery, language: string) {
  return queryOptions({
    queryKey: collegeKeys.page(query, language),
    queryFn: ({ signal }) =>
      request<Page<College>>(apiRoutes.collegesPage, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The children of a region (the provinces for the root); the dictionary hardly changes. */
export function regionChildrenQueryOptions(pid: string = rootRegionId, language: string) {
  return queryOptions({
    queryKey: collegeKeys.regions(pid, language),
    queryFn: ({ signal }) =>
      request<Region[]>(pathOf(apiRoutes.regionChildren, { pid }), { signal }),
    staleTime: Infinity,
  });
}

export function collegeAdminsQueryOptions(collegeId: string) {
  return queryOptions({
    queryKey: collegeKeys.admins(collegeId),
    queryFn: ({ signal }) =>
      request<CollegeAdmin[]>(apiRoutes.collegesAdmins, { query: { collegeId }, signal }),
  });
}

// Every change of a school can change the page and the counts shown: refetch them all.
const collegesChanged = { queryKey: collegeKeys.colleges() };

export function collegeSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...collegeKeys.colleges(), 'save'],
    mutationFn: (body: CollegeSave) => request<College>(apiRoutes.collegesSave, { json: body }),
    onSuccess: (_data, _vars, _result, { client }) =>
      void client.invalidateQueries(collegesChanged),
  });
}

export function collegeDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...collegeKeys.colleges(), 'delete'],
    mutationFn: (id: string) =>
      request<null>(apiRoutes.collegesDelete, { method: 'POST', query: { id } }),
    onSuccess: (_data, _vars, _result, { client }) =>
      void client.invalidateQueries(collegesChanged),
  });
}

export function collegeEnableMutationOptions() {
  return mutationOptions({
    mutationKey: [...collegeKeys.colleges(), 'enable'],
    mutationFn: (body: { id: string; enabled: boolean }) =>
      request<College>(apiRoutes.collegesEnable, { json: body }),
    onSuccess: (_data, _vars, _result, { client }) =>
      void client.invalidateQueries(collegesChanged),
  });
}

/** `school/updateTotalUser` is form encoded (spec §7). */
export function collegeTotalUserMutationOptions() {
  return mutationOptions({
    mutationKey: [...collegeKeys.colleges(), 'totalUser'],
    mutationFn: (body: { collegeId: string; totalUser: number }) =>
      request<College>(apiRoutes.collegesUpdateTotalUser, {
        method: 'POST',
        form: { collegeId: body.collegeId, totalUser: String(body.totalUser) },
      }),
    onSuccess: (_data, _vars, _result, { client }) =>
      void client.invalidateQueries(collegesChanged),
  });
}

export function collegeAdminAddMutationOptions() {
  return mutationOptions({
    mutationKey: [...collegeKeys.colleges(), 'addAdmin'],
    mutationFn: (body: CollegeAdminCreate) =>
      request<CollegeAdmin>(apiRoutes.collegesAdmins, { json: body }),
    onSuccess: (_data, _vars, _result, { client }) =>
      void client.invalidateQueries(collegesChanged),
  });
}

export function importTemplateMutationOptions() {
  return mutationOptions({
    mutationKey: [...collegeKeys.all, 'template'],
    mutationFn: () => download(apiRoutes.collegesImportTemplate),
  });
}
