import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  collegesApi,
  customersApi,
  type CustomerAddTime,
  type CustomerSave,
  type PageFilter,
  type PageQuery,
  type customerPageQuerySchema,
  type customerTimeHistoryQuerySchema,
} from '@platform/contract';
import { call } from '../../shared/call';
import { invalidates, sessionScope } from '../../shared/queryScopes';

/** Customers, service periods and the history of added time (management spec §2, operations). */

export type CustomerFilter = PageFilter<typeof customerPageQuerySchema>;
export type TimeHistoryFilter = PageFilter<typeof customerTimeHistoryQuerySchema>;

export const customerKeys = {
  all: [...sessionScope, 'customers'] as const,
  customers: () => [...customerKeys.all, 'customers'] as const,
  page: (query: CustomerFilter & PageQuery) =>
    [...customerKeys.customers(), 'page', query] as const,
  histories: () => [...customerKeys.all, 'history'] as const,
  history: (query: TimeHistoryFilter & PageQuery) => [...customerKeys.histories(), query] as const,
  colleges: (name: string) => [...customerKeys.all, 'colleges', name] as const,
};

export function customerPageQueryOptions(query: CustomerFilter & PageQuery) {
  return queryOptions({
    queryKey: customerKeys.page(query),
    queryFn: ({ signal }) => call(customersApi.page, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function timeHistoryQueryOptions(query: TimeHistoryFilter & PageQuery) {
  return queryOptions({
    queryKey: customerKeys.history(query),
    queryFn: ({ signal }) => call(customersApi.timeHistory, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Schools to link a customer to, by name. */
export function collegeOptionsQueryOptions(name: string) {
  return queryOptions({
    queryKey: customerKeys.colleges(name),
    queryFn: ({ signal }) =>
      call(collegesApi.options, { query: { name: name || undefined } }, { signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

// Failures are told with the spec's "failed to ..." text by the caller, so the request layer
// stays quiet about them.
export function customerSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...customerKeys.customers(), 'save'],
    mutationFn: (body: CustomerSave) => call(customersApi.save, { body }, { quiet: true }),
    onSuccess: invalidates({ queryKey: customerKeys.customers() }),
  });
}

export function customerDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...customerKeys.customers(), 'delete'],
    mutationFn: (id: string) => call(customersApi.delete, { params: { id } }, { quiet: true }),
    onSuccess: invalidates({ queryKey: customerKeys.customers() }),
  });
}

export function customerAddTimeMutationOptions() {
  return mutationOptions({
    mutationKey: [...customerKeys.customers(), 'addTime'],
    mutationFn: (body: CustomerAddTime) => call(customersApi.addTime, { body }, { quiet: true }),
    onSuccess: invalidates(
      { queryKey: customerKeys.customers() },
      { queryKey: customerKeys.histories() },
    ),
  });
}
