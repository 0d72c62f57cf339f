import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { orgApi, type DepartmentSave, type MajorSave } from '@platform/contract';
import { call } from '../../shared/call';
import { invalidates } from '../../shared/queryScopes';
import { schoolChanged, schoolKeys } from '../schools/api';

/** A school's departments and majors (management spec §2 admin screens). */

export const orgKeys = {
  all: [...schoolKeys.all, 'org'] as const,
  tree: (archived: boolean) => [...orgKeys.all, 'tree', archived] as const,
  majors: () => [...orgKeys.all, 'majors'] as const,
};

export function orgTreeQueryOptions(archived: boolean) {
  return queryOptions({
    queryKey: orgKeys.tree(archived),
    queryFn: ({ signal }) =>
      call(orgApi.tree, { query: { archived: archived ? 'true' : undefined } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every major of the school, for selects. */
export function majorsQueryOptions() {
  return queryOptions({
    queryKey: orgKeys.majors(),
    queryFn: ({ signal }) => call(orgApi.majors, {}, { signal }),
    staleTime: 60_000,
  });
}

export function departmentSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...orgKeys.all, 'department', 'save'],
    mutationFn: (body: DepartmentSave) => call(orgApi.saveDepartment, { body }),
    onSuccess: invalidates(schoolChanged),
  });
}

export function departmentDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...orgKeys.all, 'department', 'delete'],
    mutationFn: (id: string) => call(orgApi.deleteDepartment, { params: { id } }),
    onSuccess: invalidates(schoolChanged),
  });
}

export function majorSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...orgKeys.all, 'major', 'save'],
    mutationFn: (body: MajorSave) => call(orgApi.saveMajor, { body }),
    onSuccess: invalidates(schoolChanged),
  });
}

export function majorDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...orgKeys.all, 'major', 'delete'],
    mutationFn: (id: string) => call(orgApi.deleteMajor, { params: { id } }),
    onSuccess: invalidates(schoolChanged),
  });
}
