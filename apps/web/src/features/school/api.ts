import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  apiRoutes,
  archiveConfirmWord,
  pathOf,
  type ClassRecord,
  type ClassSave,
  type Department,
  type DepartmentSave,
  type Major,
  type MajorOption,
  type MajorSave,
  type OrgTreeDepartment,
  type Page,
  type SchoolProfile,
  type SchoolProfileUpdate,
  type classPageQuerySchema,
} from '@platform/contract';
import { request } from '../../shared/request';
import { sessionScope } from '../../shared/queryScopes';

/** A school's profile, organization and classes (management spec §2 admin screens). */

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
    queryFn: ({ signal }) => request<SchoolProfile>(apiRoutes.schoolProfile, { signal }),
  });
}

export function orgTreeQueryOptions(archived: boolean) {
  return queryOptions({
    queryKey: schoolKeys.orgTree(archived),
    queryFn: ({ signal }) =>
      request<OrgTreeDepartment[]>(apiRoutes.orgTree, {
        query: { archived: archived ? 'true' : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every major of the school, for selects. */
export function majorsQueryOptions() {
  return queryOptions({
    queryKey: schoolKeys.majors(),
    queryFn: ({ signal }) => request<MajorOption[]>(apiRoutes.majorsList, { signal }),
    staleTime: 60_000,
  });
}

export function classPageQueryOptions(query: ClassPageQuery) {
  return queryOptions({
    queryKey: schoolKeys.classPage(query),
    queryFn: ({ signal }) =>
      request<Page<ClassRecord>>(apiRoutes.classesPage, { query: { ...query }, signal }),
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
      request<SchoolProfile>(apiRoutes.schoolProfileUpdate, { json: body }),
    onSuccess: (data, _vars, _result, { client }) =>
      client.setQueryData(schoolKeys.profile(), data),
  });
}

export function departmentSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...schoolKeys.org(), 'department', 'save'],
    mutationFn: (body: DepartmentSave) =>
      request<Department>(apiRoutes.departmentsSave, { json: body }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(schoolChanged),
  });
}

export function departmentDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...schoolKeys.org(), 'department', 'delete'],
    mutationFn: (id: string) =>
      request<null>(pathOf(apiRoutes.departmentsDelete, { id }), { method: 'POST' }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(schoolChanged),
  });
}

export function majorSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...schoolKeys.org(), 'major', 'save'],
    mutationFn: (body: MajorSave) => request<Major>(apiRoutes.majorsSave, { json: body }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(schoolChanged),
  });
}

export function majorDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...schoolKeys.org(), 'major', 'delete'],
    mutationFn: (id: string) =>
      request<null>(pathOf(apiRoutes.majorsDelete, { id }), { method: 'POST' }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(schoolChanged),
  });
}

export function classSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...schoolKeys.classes(), 'save'],
    mutationFn: (body: ClassSave) => request<ClassRecord>(apiRoutes.classesSave, { json: body }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(schoolChanged),
  });
}

export function classDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...schoolKeys.classes(), 'delete'],
    mutationFn: (id: string) =>
      request<null>(pathOf(apiRoutes.classesDelete, { id }), { method: 'POST' }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(schoolChanged),
  });
}

export function classArchiveMutationOptions() {
  return mutationOptions({
    mutationKey: [...schoolKeys.classes(), 'archive'],
    mutationFn: (id: string) =>
      request<ClassRecord>(pathOf(apiRoutes.classesArchive, { id }), {
        json: { confirm: archiveConfirmWord },
      }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(schoolChanged),
  });
}
