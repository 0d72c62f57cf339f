import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type EnvAdd,
  type EnvConfig,
  type EnvUpdate,
  type PageQuery,
  type ScriptSave,
  type envPageQuerySchema,
  type scriptListQuerySchema,
  environmentsApi,
  labsApi,
} from '@platform/contract';
import { call } from '../../shared/call';
import { invalidates, sessionScope } from '../../shared/queryScopes';

/** Environment configuration, scripts and usage (management spec §2, platform spec §7). */

export type EnvPageQuery = z.infer<typeof envPageQuerySchema>;
export type ScriptPageQuery = z.infer<typeof scriptListQuerySchema>;

export const environmentKeys = {
  all: [...sessionScope, 'environments'] as const,
  envs: () => [...environmentKeys.all, 'envs'] as const,
  envPage: (query: EnvPageQuery) => [...environmentKeys.envs(), 'page', query] as const,
  env: (id: string) => [...environmentKeys.envs(), 'get', id] as const,
  envOptions: () => [...environmentKeys.envs(), 'options'] as const,
  labels: () => [...environmentKeys.envs(), 'labels'] as const,
  scripts: () => [...environmentKeys.all, 'scripts'] as const,
  scriptPage: (query: ScriptPageQuery) => [...environmentKeys.scripts(), 'page', query] as const,
  scriptsByLabel: (label: string) => [...environmentKeys.scripts(), 'label', label] as const,
  usage: (id: string, paging: PageQuery) => [...environmentKeys.all, 'usage', id, paging] as const,
};

export function envPageQueryOptions(query: EnvPageQuery) {
  return queryOptions({
    queryKey: environmentKeys.envPage(query),
    queryFn: ({ signal }) => call(environmentsApi.page, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function envQueryOptions(id: string) {
  return queryOptions({
    queryKey: environmentKeys.env(id),
    queryFn: ({ signal }) => call(environmentsApi.get, { params: { id } }, { signal }),
  });
}

/** Short forms of every environment, for selects (parts of a combination, script's env). */
export function envOptionsQueryOptions() {
  return queryOptions({
    queryKey: environmentKeys.envOptions(),
    queryFn: ({ signal }) => call(environmentsApi.list, {}, { signal }),
    staleTime: 60_000,
  });
}

export function envLabelsQueryOptions() {
  return queryOptions({
    queryKey: environmentKeys.labels(),
    queryFn: ({ signal }) => call(environmentsApi.labels, {}, { signal }),
    staleTime: 60_000,
  });
}

export function scriptPageQueryOptions(query: ScriptPageQuery) {
  return queryOptions({
    queryKey: environmentKeys.scriptPage(query),
    queryFn: ({ signal }) => call(environmentsApi.scripts, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function scriptsByLabelQueryOptions(label: string) {
  return queryOptions({
    queryKey: environmentKeys.scriptsByLabel(label),
    queryFn: ({ signal }) =>
      call(environmentsApi.scriptsByLabel, { params: { label } }, { signal }),
  });
}

export function envUsageQueryOptions(id: string, paging: PageQuery) {
  return queryOptions({
    queryKey: environmentKeys.usage(id, paging),
    queryFn: ({ signal }) => call(labsApi.usage, { params: { id }, query: paging }, { signal }),
    placeholderData: keepPreviousData,
  });
}

// Every change of an environment can change lists, options, labels and details: refetch them all.
const envChanged = { queryKey: environmentKeys.envs() };

export function envAddMutationOptions() {
  return mutationOptions({
    mutationKey: [...environmentKeys.envs(), 'add'],
    mutationFn: (body: EnvAdd) => call(environmentsApi.add, { body }),
    onSuccess: invalidates(envChanged),
  });
}

export function envUpdateMutationOptions() {
  return mutationOptions({
    mutationKey: [...environmentKeys.envs(), 'update'],
    mutationFn: (body: EnvUpdate) => call(environmentsApi.update, { body }),
    onSuccess: invalidates(envChanged),
  });
}

export function envConfigMutationOptions() {
  return mutationOptions({
    mutationKey: [...environmentKeys.envs(), 'config'],
    mutationFn: (body: EnvConfig) => call(environmentsApi.config, { body }),
    onSuccess: invalidates(envChanged),
  });
}

export function envCopyMutationOptions() {
  return mutationOptions({
    mutationKey: [...environmentKeys.envs(), 'copy'],
    mutationFn: (id: string) => call(environmentsApi.copy, { params: { id } }),
    onSuccess: invalidates(envChanged),
  });
}

export function envRemoveMutationOptions() {
  return mutationOptions({
    mutationKey: [...environmentKeys.envs(), 'remove'],
    mutationFn: (id: string) => call(environmentsApi.remove, { params: { id } }),
    // Scripts of a removed environment go with it.
    onSuccess: invalidates({ queryKey: environmentKeys.all }),
  });
}

export function scriptSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...environmentKeys.scripts(), 'save'],
    mutationFn: (body: ScriptSave) => call(environmentsApi.saveScript, { body }),
    onSuccess: invalidates({ queryKey: environmentKeys.scripts() }),
  });
}

export function scriptRemoveMutationOptions() {
  return mutationOptions({
    mutationKey: [...environmentKeys.scripts(), 'remove'],
    mutationFn: (id: string) => call(environmentsApi.removeScript, { params: { id } }),
    onSuccess: invalidates({ queryKey: environmentKeys.scripts() }),
  });
}
