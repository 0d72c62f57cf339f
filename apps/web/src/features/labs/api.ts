import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type ContainerStateInfo,
  type JupyterInfoSave,
  type StartRequest,
  type centerPageSchema,
  labsApi,
} from '@platform/contract';
import { call, downloadRoute } from '../../shared/call';
import { sessionScope } from '../../shared/queryScopes';
import { follow } from '../../shared/request';
import type { LabRuntimeApi } from './labRuntime';

export type CenterPageQuery = z.infer<typeof centerPageSchema>;

export const labKeys = {
  all: [...sessionScope, 'labs'] as const,
  centerPages: () => [...labKeys.all, 'center-page'] as const,
  centerPage: (query: CenterPageQuery) => [...labKeys.centerPages(), query] as const,
  details: () => [...labKeys.all, 'detail'] as const,
  detail: (id: string) => [...labKeys.details(), id] as const,
  container: (id: string) => [...labKeys.all, 'container', id] as const,
  restartLimit: (envId: string) => [...labKeys.all, 'restart-limit', envId] as const,
  ticket: (containerId: string, nonce: number) =>
    [...labKeys.all, 'ticket', containerId, nonce] as const,
  files: (containerId: string, path: string) =>
    [...labKeys.all, 'files', containerId, path] as const,
  jupyterInfo: (envId: string) => [...labKeys.all, 'jupyter-info', envId] as const,
};

/** Drops empty filters so the server sees only what the user asked for. */
function compact(query: CenterPageQuery): CenterPageQuery {
  const body: CenterPageQuery = { pageNum: query.pageNum, pageSize: query.pageSize };
  const name = query.name?.trim();
  const label = query.label?.trim();
  if (name) body.name = name;
  if (label) body.label = label;
  if (query.experimentKind) body.experimentKind = query.experimentKind;
  return body;
}

export function centerPageQueryOptions(query: CenterPageQuery) {
  const body = compact(query);
  return queryOptions({
    queryKey: labKeys.centerPage(body),
    queryFn: ({ signal }) => call(labsApi.centerPage, { body }, { signal }),
  });
}

export function centerDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: labKeys.detail(id),
    queryFn: ({ signal }) => call(labsApi.centerDetail, { params: { id } }, { signal }),
  });
}

export function containerDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: labKeys.container(id),
    queryFn: ({ signal }) => call(labsApi.detail, { params: { id } }, { signal }),
  });
}

export function restartLimitQueryOptions(envId: string) {
  return queryOptions({
    queryKey: labKeys.restartLimit(envId),
    queryFn: ({ signal }) => call(labsApi.restartLimit, { query: { envId } }, { signal }),
  });
}

function requestTicket(containerId: string, next?: string) {
  return call(labsApi.ticket, { params: { id: containerId }, ...(next ? { body: { next } } : {}) });
}

/**
 * A single-use ticket for showing a lab. Never shared between two frames: the `nonce` makes a
 * new one, and it is forgotten as soon as its frame goes (gcTime 0).
 */
export function ticketQueryOptions(containerId: string, nonce: number) {
  return queryOptions({
    queryKey: labKeys.ticket(containerId, nonce),
    queryFn: () => requestTicket(containerId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** A fresh ticket for opening a lab in a new tab. */
export function ticketMutationOptions() {
  return mutationOptions({
    mutationKey: [...labKeys.all, 'ticket'],
    mutationFn: (lab: string | { containerId: string; next?: string | undefined }) =>
      typeof lab === 'string' ? requestTicket(lab) : requestTicket(lab.containerId, lab.next),
  });
}

export const listLabFiles = (containerId: string, path: string, signal: AbortSignal) =>
  call(labsApi.listFiles, { query: { containerId, path } }, { signal });

export type DownloadProgress = (loaded: number, total: number | null) => void;

/** Downloads a lab file: streamed, with progress and no timeout (spec §7). */
export const downloadLabFile = (containerId: string, path: string, onProgress: DownloadProgress) =>
  downloadRoute(labsApi.downloadFile, { query: { containerId, path } }, { onProgress });

export function jupyterInfoQueryOptions(envId: string) {
  return queryOptions({
    queryKey: labKeys.jupyterInfo(envId),
    queryFn: ({ signal }) =>
      call(labsApi.jupyterInfoQuery, { query: { resourceExpEnvId: envId } }, { signal }),
  });
}

export function jupyterInfoSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...labKeys.all, 'jupyter-info-save'],
    mutationFn: (body: JupyterInfoSave) => call(labsApi.jupyterInfoSave, { body }),
  });
}

/**
 * The calls of the lab runtime. Start and reset are quiet: the runtime shows their failures
 * itself, for 10 s and 5 s (spec §8). Polls and heartbeats are quiet: a failure is only logged
 * or shown as "reconnecting".
 */
export const labRuntimeApi: LabRuntimeApi = {
  start: (body: StartRequest) => call(labsApi.start, { body }, { quiet: true }),
  stop: (envId) => call(labsApi.stop, { query: { envId } }),
  checkState: (containerId) =>
    call(labsApi.checkState, { params: { id: containerId } }, { quiet: true }),
  heartbeat: (envId, containerId) =>
    call(labsApi.heartbeat, { query: { envId, containerId } }, { quiet: true }),
  reset: (body) => call(labsApi.reset, { body }, { quiet: true }),
  follow: (containerIds, onStatus) =>
    follow(labsApi.stateEvents.path, {
      query: { ids: containerIds.join(',') },
      event: 'state',
      onEvent: (data) => onStatus(data as ContainerStateInfo),
    }),
};
