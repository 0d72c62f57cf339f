import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  smsApi,
  trialsApi,
  type PageFilter,
  type PageQuery,
  type smsOutboxQuerySchema,
  type trialPageQuerySchema,
} from '@platform/contract';
import { call } from '../../shared/call';
import { invalidates, sessionScope } from '../../shared/queryScopes';

/**
 * Trial applications and the outbox of text messages (management spec §2, operations). The
 * message is sent quietly: the list says what failed with the server's reason.
 */

export type TrialFilter = PageFilter<typeof trialPageQuerySchema>;
export type TrialPageQuery = TrialFilter & PageQuery;
export type OutboxFilter = PageFilter<typeof smsOutboxQuerySchema>;
export type OutboxPageQuery = OutboxFilter & PageQuery;

export const trialKeys = {
  all: [...sessionScope, 'trials'] as const,
  page: (query: TrialPageQuery) => [...trialKeys.all, 'page', query] as const,
  outboxAll: [...sessionScope, 'sms-outbox'] as const,
  outbox: (query: OutboxPageQuery) => [...trialKeys.outboxAll, query] as const,
};

export function trialPageQueryOptions(query: TrialPageQuery) {
  return queryOptions({
    queryKey: trialKeys.page(query),
    queryFn: ({ signal }) => call(trialsApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function outboxPageQueryOptions(query: OutboxPageQuery) {
  return queryOptions({
    queryKey: trialKeys.outbox(query),
    queryFn: ({ signal }) => call(smsApi.outbox, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Sends the applicant the message; the list and the outbox show the change. */
export function trialSendMessageMutationOptions() {
  return mutationOptions({
    mutationKey: [...trialKeys.all, 'send-message'],
    mutationFn: (id: string) => call(trialsApi.sendMessage, { query: { id } }, { quiet: true }),
    onSuccess: invalidates({ queryKey: trialKeys.all }, { queryKey: trialKeys.outboxAll }),
  });
}
