import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  pathOf,
  type EnvAdd,
  type EnvConfig,
  type EnvUpdate,
  type Environment,
  type Page,
  type PageQuery,
  type Script,
  type ScriptSave,
  type envOptionSchema,
  type envPageQuerySchema,
  type scriptListQuerySchema,
  type usageSummarySchema,
  environmentsApi,
  labsApi,
} from '@platform/contract';
import { request } from '../../shared/request';
import { sessionScope } from '../../shared/queryScopes';

/** Environment configuration, scripts and usage (management spec §2, platform spec §7). */

export type EnvOption = z.infer<typeof envOptionSchema>;
export type UsageSummary = z.infer<typeof usageSummarySchema>;

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
    queryFn: ({ signal }) =>
      request<Page<Environment>>(environmentsApi.page.path, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function envQueryOptions(id: string) {
  return queryOptions({
    queryKey: envAdminKeys.env(id),
    queryFn: ({ signal }) =>
      request<Environment>(pathOf(environmentsApi.get.path, { id }), { signal }),
  });
}

/** Short forms of every environment, for selects (parts of a combination, script's env). */
export function envOptionsQueryOptions() {
  return queryOptions({
    queryKey: envAdminKeys.envOptions(),
    queryFn: ({ signal }) => request<EnvOption[]>(environmentsApi.list.path, { signal }),
    staleTime: 60_000,
  });
}

export function envLabelsQueryOptions() {
  return queryOptions({
    queryKey: envAdminKeys.labels(),
    queryFn: ({ signal }) => request<string[]>(environmentsApi.labels.path, { signal }),
    staleTime: 60_000,
  });
}

export function scriptPageQueryOptions(query: ScriptPageQuery) {
  return queryOptions({
    queryKey: envAdminKeys.scriptPage(query),
    queryFn: ({ signal }) =>
      request<Page<Script>>(environmentsApi.scripts.path, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function scriptsByLabelQueryOptions(label: string) {
  return queryOptions({
    queryKey: envAdminKeys.scriptsByLabel(label),
    queryFn: ({ signal }) =>
      request<Script[]>(pathOf(environmentsApi.scriptsByLabel.path, { label }), { signal }),
  });
}

export function envUsageQueryOptions(id: string, paging: PageQuery) {
  return queryOptions({
    queryKey: envAdminKeys.usage(id, paging),
    queryFn: ({ signal }) =>
      request<UsageSummary>(pathOf(labsApi.usage.path, { id }), { query: { ...paging }, signal }),
    placeholderData: keepPreviousData,
  });
}

// Every change of an environment can change lists, options, labels and details: refetch them all.
const envChanged = { queryKey: envAdminKeys.envs() };

export function envAddMutationOptions() {
  return mutationOptions({
    mutationKey: [...envAdminKeys.envs(), 'add'],
    mutationFn: (body: EnvAdd) => request<Environment>(environmentsApi.add.path, { json: body }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(envChanged),
  });
}

export function envUpdateMutationOptions() {
  return mutationOptions({
    mutationKey: [...envAdminKeys.envs(), 'update'],
    mutationFn: (body: EnvUpdate) =>
      request<Environment>(environmentsApi.update.path, { method: 'PUT', json: body }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(envChanged),
  });
}

export function envConfigMutationOptions() {
  return mutationOptions({
    mutationKey: [...envAdminKeys.envs(), 'config'],
    mutationFn: (body: EnvConfig) =>
      request<Environment>(environmentsApi.config.path, { method: 'PUT', json: body }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(envChanged),
  });
}

export function envCopyMutationOptions() {
  return mutationOptions({
    mutationKey: [...envAdminKeys.envs(), 'copy'],
    mutationFn: (id: string) =>
      request<Environment>(pathOf(environmentsApi.copy.path, { id }), { method: 'POST' }),
    onSuccess: (_data, _vars, _result, { client }) => void client.invalidateQueries(envChanged),
  });
}

export function envRemoveMutationOptions() {
  return mutationOptions({
    mutationKey: [...envAdminKeys.envs(), 'remove'],
    mutationFn: (id: string) =>
      request<null>(pathOf(environmentsApi.remove.path, { id }), { method: 'DELETE' }),
    onSuccess: (_data, _vars, _result, { client }) =>
      // Scripts of a removed environment go with it.
      void client.invalidateQueries({ queryKey: envAdminKeys.all }),
  });
}

export function scriptSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...envAdminKeys.scripts(), 'save'],
    mutationFn: (body: ScriptSave) =>
      request<Script>(environmentsApi.saveScript.path, { json: body }),
    onSuccess: (_data, _vars, _result, { client }) =>
      void client.invalidateQueries({ queryKey: envAdminKeys.scripts() }),
  });
}

export function scriptRemoveMutationOptions() {
  return mutationOptions({
    mutationKey: [...envAdminKeys.scripts(), 'remove'],
    mutationFn: (id: string) =>
      request<null>(pathOf(environmentsApi.removeScript.path, { id }), { method: 'DELETE' }),
    onSuccess: (_data, _vars, _result, { client }) =>
      void client.invalidateQueries({ queryKey: envAdminKeys.scripts() }),
  });
}
