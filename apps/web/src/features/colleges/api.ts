import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  collegesApi,
  regionsApi,
  rootRegionId,
  type CollegeAdminCreate,
  type CollegeSave,
  type PageFilter,
  type PageQuery,
  type collegePageQuerySchema,
} from '@platform/contract';
import { call, downloadRoute } from '../../shared/call';
import { invalidates, sessionScope } from '../../shared/queryScopes';

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
    queryFn: ({ signal }) => call(collegesApi.page, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The children of a region (the provinces for the root); the dictionary hardly changes. */
export function regionChildrenQueryOptions(pid: string = rootRegionId, language: string) {
  return queryOptions({
    queryKey: collegeKeys.regions(pid, language),
    queryFn: ({ signal }) => call(regionsApi.children, { params: { pid } }, { signal }),
    staleTime: Infinity,
  });
}

export function collegeAdminsQueryOptions(collegeId: string) {
  return queryOptions({
    queryKey: collegeKeys.admins(collegeId),
    queryFn: ({ signal }) => call(collegesApi.admins, { query: { collegeId } }, { signal }),
  });
}

// Every change of a school can change the page and the counts shown: refetch them all.
const collegesChanged = { queryKey: collegeKeys.colleges() };

export function collegeSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...collegeKeys.colleges(), 'save'],
    mutationFn: (body: CollegeSave) => call(collegesApi.save, { body }),
    onSuccess: invalidates(collegesChanged),
  });
}

export function collegeDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...collegeKeys.colleges(), 'delete'],
    mutationFn: (id: string) => call(collegesApi.delete, { query: { id } }),
    onSuccess: invalidates(collegesChanged),
  });
}

export function collegeEnableMutationOptions() {
  return mutationOptions({
    mutationKey: [...collegeKeys.colleges(), 'enable'],
    mutationFn: (body: { id: string; enabled: boolean }) => call(collegesApi.enable, { body }),
    onSuccess: invalidates(collegesChanged),
  });
}

/** `school/updateTotalUser` is form encoded (spec §7). */
export function collegeTotalUserMutationOptions() {
  return mutationOptions({
    mutationKey: [...collegeKeys.colleges(), 'totalUser'],
    mutationFn: (body: { collegeId: string; totalUser: number }) =>
      call(collegesApi.updateTotalUser, {
        body: { collegeId: body.collegeId, totalUser: String(body.totalUser) },
      }),
    onSuccess: invalidates(collegesChanged),
  });
}

export function collegeAdminAddMutationOptions() {
  return mutationOptions({
    mutationKey: [...collegeKeys.colleges(), 'addAdmin'],
    mutationFn: (body: CollegeAdminCreate) => call(collegesApi.addAdmin, { body }),
    onSuccess: invalidates(collegesChanged),
  });
}

export function importTemplateMutationOptions() {
  return mutationOptions({
    mutationKey: [...collegeKeys.all, 'template'],
    mutationFn: () => downloadRoute(collegesApi.importTemplate),
  });
}
