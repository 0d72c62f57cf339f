import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  archiveConfirmWord,
  classesApi,
  type ClassSave,
  type classPageQuerySchema,
} from '@platform/contract';
import { call } from '../../shared/call';
import { invalidates } from '../../shared/queryScopes';
import { schoolChanged, schoolKeys } from '../schools/api';

/** A school's classes (management spec §2 admin screens). */

export type ClassPageQuery = z.infer<typeof classPageQuerySchema>;

export const classKeys = {
  all: [...schoolKeys.all, 'classes'] as const,
  page: (query: ClassPageQuery) => [...classKeys.all, 'page', query] as const,
};

export function classPageQueryOptions(query: ClassPageQuery) {
  return queryOptions({
    queryKey: classKeys.page(query),
    queryFn: ({ signal }) => call(classesApi.page, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function classSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...classKeys.all, 'save'],
    mutationFn: (body: ClassSave) => call(classesApi.save, { body }),
    onSuccess: invalidates(schoolChanged),
  });
}

export function classDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...classKeys.all, 'delete'],
    mutationFn: (id: string) => call(classesApi.delete, { params: { id } }),
    onSuccess: invalidates(schoolChanged),
  });
}

export function classArchiveMutationOptions() {
  return mutationOptions({
    mutationKey: [...classKeys.all, 'archive'],
    mutationFn: (id: string) =>
      call(classesApi.archive, { params: { id }, body: { confirm: archiveConfirmWord } }),
    onSuccess: invalidates(schoolChanged),
  });
}
