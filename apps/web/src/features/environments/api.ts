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

export const envAdminKeys = {
  all: [...sessionScope, 'environment-admin'] as const,
  envs: () => [...envAdminKeys.all, 'envs'] as const,
  envPage: (query: EnvPageQuery) => [...envAdminKeys.envs(), 'page', query] as const,
  env: (id: string) => [...envAdminKeys.envs(), 'get', id] as const,
  envOptions: () => [...envAdminKeys.envs(), 'options'] as const,
  labels: () => [...envAdminKeys.envs(), 'labels'] as const,
  scripts: () => [...envAdminKeys.all, 'scripts'] as const,
  scriptPage: (query: ScriptPageQuery) => [...envAdminKeys.scripts(), 'page', query] as const,
  scriptsByLabel: (label: string) => [...envAdminKeys.scripts(), 'label', label] as const,
  usage: (id: string, paging: PageQuery) => [...envAdminKeys.all, 'usage', id, paging] as const,
};

export function envPageQueryOptions(query: EnvPageQuery) {
  return queryOptions({
    queryKey: envAdminKeys.envPage(query),
    queryFn: ({ signal }) => call(environmentsApi.page, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function envQueryOptions(id: string) {
  return queryOptions({
    queryKey: envAdminKeys.env(id),
    queryFn: ({ signal }) => call(environmentsApi.get, { params: { id } }, { signal }),
  });
}

/** Short forms of every environment, for selects (parts of a combination, script's env). */
export function envOptionsQueryOptions() {
  return queryOptions({
    queryKey: envAdminKeys.envOptions(),
    queryFn: ({ signal }) => call(environmentsApi.list, {}, { signal }),
    staleTime: 60_000,
  });
}

export function envLabelsQueryOptions() {
  return queryOptions({
    queryKey: envAdminKeys.labels(),
    queryFn: ({ signal }) => call(environmentsApi.labels, {}, { signal }),
    staleTime: 60_000,
  });
}

export function scriptPageQueryOptions(query: ScriptPageQuery) {
  return queryOptions({
    queryKey: envAdminKeys.scriptPage(query),
    queryFn: ({ signal }) => call(environmentsApi.scripts, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function scriptsByLabelQueryOptions(label: string) {
  return queryOptions({
    queryKey: envAdminKeys.scriptsByLabel(label),
    queryFn: ({ signal }) =>
      call(environmentsApi.scriptsByLabel, { params: { label } }, { signal }),
  });
}

export function envUsageQueryOptions(id: string, paging: PageQuery) {
  return queryOptions({
    queryKey: envAdminKeys.usage(id, paging),
    queryFn: ({ signal }) => call(labsApi.usage, { params: { id }, query: paging }, { signal }),
    placeholderData: keepPreviousData,
  });
}

// Every change of an environment can change lists, options, labels and details: refetch them all.
const envChanged = { queryKey: envAdminKeys.envs() };

export function envAddMutationOptions() {
  return mutationOptions({
    mutationKey: [...envAdminKeys.envs(), 'add'],
    mutationFn: (body: EnvAdd) => call(environmentsApi.add, { body }),
    onSuccess: invalidates(envChanged),
  });
}

export function envUpdateMutationOptions() {
  return mutationOptions({
    mutationKey: [...envAdminKeys.envs(), 'update'],
    mutationFn: (body: EnvUpdate) => call(environmentsApi.update, { body }),
    onSuccess: invalidates(envChanged),
  });
}

export function envConfigMutationOptions() {
  return mutationOptions({
    mutationKey: [...envAdminKeys.envs(), 'config'],
    mutationFn: (body: EnvConfig) => call(environmentsApi.config, { body }),
    onSuccess: invalidates(envChanged),
  });
}

export function envCopyMutationOptions() {
  return mutationOptions({
    mutationKey: [...envAdminKeys.envs(), 'copy'],
    mutationFn: (id: string) => call(environmentsApi.copy, { params: { id } }),
    onSuccess: invalidates(envChanged),
  });
}

export function envRemoveMutationOptions() {
  return mutationOptions({
    mutationKey: [...envAdminKeys.envs(), 'remove'],
    mutationFn: (id: string) => call(environmentsApi.remove, { params: { id } }),
    // Scripts of a removed environment go with it.
    onSuccess: invalidates({ queryKey: envAdminKeys.all }),
  });
}

export function scriptSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...envAdminKeys.scripts(), 'save'],
    mutationFn: (body: ScriptSave) => call(environmentsApi.saveScript, { body }),
    onSuccess: invalidates({ queryKey: envAdminKeys.scripts() }),
  });
}

export function scriptRemoveMutationOptions() {
  return mutationOptions({
    mutationKey: [...envAdminKeys.scripts(), 'remove'],
    mutationFn: (id: string) => call(environmentsApi.removeScript, { params: { id } }),
    onSuccess: invalidates({ queryKey: envAdminKeys.scripts() }),
  });
}
