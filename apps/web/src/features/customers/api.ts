import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  apiRoutes,
  pathOf,
  type CollegeOption,
  type Customer,
  type CustomerAddTime,
  type CustomerSave,
  type CustomerTimeLog,
  type Page,
  type PageFilter,
  type PageQuery,
  type customerPageQuerySchema,
  type customerTimeHistoryQuerySchema,
} from '@platform/contract';
import { request } from '../../shared/request';
import { sessionScope } from '../../shared/queryScopes';

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
    queryFn: ({ signal }) =>
      request<Page<Customer>>(apiRoutes.customersPage, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function timeHistoryQueryOptions(query: TimeHistoryFilter & PageQuery) {
  return queryOptions({
    queryKey: customerKeys.history(query),
    queryFn: ({ signal }) =>
      request<Page<CustomerTimeLog>>(apiRoutes.customersTimeHistory, {
        query: { ...query },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Schools to link a customer to, by name. */
export function collegeOptionsQueryOptions(name: string) {
  return queryOptions({
    queryKey: customerKeys.colleges(name),
    queryFn: ({ signal }) =>
      request<CollegeOption[]>(apiRoutes.collegesOptions, {
        query: { name: name || undefined },
        signal,
      }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

// Failures are told with the spec's "failed to ..." text by the caller, so the request layer
// stays quiet about them.
export function customerSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...customerKeys.customers(), 'save'],
    mutationFn: (body: CustomerSave) =>
      request<Customer>(apiRoutes.customersSave, { json: body, quiet: true }),
    onSuccess: (_data, _vars, _result, { client }) =>
      void client.invalidateQueries({ queryKey: customerKeys.customers() }),
  });
}

export function customerDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...customerKeys.customers(), 'delete'],
    mutationFn: (id: string) =>
      request<null>(pathOf(apiRoutes.customersDelete, { id }), { method: 'POST', quiet: true }),
    onSuccess: (_data, _vars, _result, { client }) =>
      void client.invalidateQueries({ queryKey: customerKeys.customers() }),
  });
}

export function customerAddTimeMutationOptions() {
  return mutationOptions({
    mutationKey: [...customerKeys.customers(), 'addTime'],
    mutationFn: (body: CustomerAddTime) =>
      request<Customer>(apiRoutes.customersAddTime, { json: body, quiet: true }),
    onSuccess: (_data, _vars, _result, { client }) => {
      void client.invalidateQueries({ queryKey: customerKeys.customers() });
      void client.invalidateQueries({ queryKey: customerKeys.histories() });
    },
  });
}
