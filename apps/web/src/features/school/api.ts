import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  apiRoutes,
  archiveConfirmWord,
  classesApi,
  orgApi,
  type ClassSave,
  type DepartmentSave,
  type MajorSave,
  type RouteOutput,
  type SchoolProfileUpdate,
  type schoolsApi,
  type classPageQuerySchema,
} from '@platform/contract';
import { call } from '../../shared/call';
import { request } from '../../shared/request';
import { sessionScope } from '../../shared/queryScopes';

/** A school's profile, organization and classes (management spec §2 admin screens). */

// The declarations of `schoolsApi` share their contract module with what the sign-in page's first
// load needs, and would bring zod into it: the paths are the contract's, the answers' types the
// declarations'.

export type ClassPageQuery = z.infer<typeof classPageQuerySchema>;

export const schoolKeys = {
  all: [...sessionScope, 'school'] as const,
  profile: () => [...schoolKeys.all, 'profile'] as const,
  org: () => [...schoolKeys.all, 'org'] as const,
  orgTree: (archived: boolean) => [...schoolKeys.org(), 'tree', archived] as const,
  majors: () => [...schoolKeys.org(), 'majors'] as const,
  classes: () => [...schoolKeys.all, 'classes'] as const,
  classPage: (query: ClassPageQuery) => [...schoolKeys.classes(), 'page', query] as const,
};

export function schoolProfileQueryOptions() {
  return queryOptions({
    queryKey: schoolKeys.profile(),
    queryFn: ({ signal }) =>
      request<RouteOutput<typeof schoolsApi.profile>>(apiRoutes.schoolProfile, { signal }),
  });
}

export function orgTreeQueryOptions(archived: boolean) {
  return queryOptions({
    queryKey: schoolKeys.orgTree(archived),
    queryFn: ({ signal }) =>
      call(orgApi.tree, { query: { archived: archived ? 'true' : undefined } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every major of the school, for selects. */
export function majorsQueryOptions() {
  return queryOptions({
    queryKey: schoolKeys.majors(),
    queryFn: ({ signal }) => call(orgApi.majors, {}, { signal }),
    staleTime: 60_000,
  });
}

export function classPageQueryOptions(query: ClassPageQuery) {
  return queryOptions({
    queryKey: schoolKeys.classPage(query),
    queryFn: ({ signal }) => call(classesApi.page, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

// Organization changes rename majors in class lists; class changes move counts in the tree and
// the profile: refetch the whole school area.
const schoolChanged = { queryKey: schoolKeys.all };

export function profileUpdateMutationOptions() {
  return mutationOptions({
    mutationKey: [...schoolKeys.profile(), 'update'],
    mutationFn: (body: SchoolProfileUpdate) =>
      request<RouteOutput<typeof schoolsApi.profileUpdate>>(apiRoutes.schoolProfileUpdate, {
        json: body,
      }),
    onSuccess: (data, _vars, _result, { client }) =>
      client.setQueryData(schoolKeys.profile(), data),
  });
}

export function departmentSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...schoolKeys.org(), 'department', 'save'],
    mutationFn: (body: DepartmentSave) => call(orgApi.saveDepartment, { body }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(schoolChanged),
  });
}

export function departmentDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...schoolKeys.org(), 'department', 'delete'],
    mutationFn: (id: string) => call(orgApi.deleteDepartment, { params: { id } }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(schoolChanged),
  });
}

export function majorSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...schoolKeys.org(), 'major', 'save'],
    mutationFn: (body: MajorSave) => call(orgApi.saveMajor, { body }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(schoolChanged),
  });
}

export function majorDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...schoolKeys.org(), 'major', 'delete'],
    mutationFn: (id: string) => call(orgApi.deleteMajor, { params: { id } }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(schoolChanged),
  });
}

export function classSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...schoolKeys.classes(), 'save'],
    mutationFn: (body: ClassSave) => call(classesApi.save, { body }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(schoolChanged),
  });
}

export function classDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...schoolKeys.classes(), 'delete'],
    mutationFn: (id: string) => call(classesApi.delete, { params: { id } }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(schoolChanged),
  });
}

export function classArchiveMutationOptions() {
  return mutationOptions({
    mutationKey: [...schoolKeys.classes(), 'archive'],
    mutationFn: (id: string) =>
      call(classesApi.archive, { params: { id }, body: { confirm: archiveConfirmWord } }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(schoolChanged),
  });
}
