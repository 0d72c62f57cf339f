import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  billingApi,
  classesApi,
  collegesApi,
  coursesApi,
  environmentsApi,
  labsApi,
  type Adjust,
  type CostPreviewQuery,
  type LimitSave,
  type OrderAdd,
  type PackageSave,
  type PageFilter,
  type PageQuery,
  type PriceAdd,
  type accountPageQuerySchema,
  type orderPageQuerySchema,
  type packagePageQuerySchema,
  type pricePageQuerySchema,
  type usagePageQuerySchema,
} from '@platform/contract';
import { call, downloadRoute } from '../../shared/call';
import { invalidates, sessionScope } from '../../shared/queryScopes';
import { saveBlob } from '../../shared/saveBlob';

/**
 * Money (management spec §2–§5): packages, billing costs, orders, school accounts with their
 * limits and ledger, usage details and the overview. Writes are quiet: the dialogs say what
 * failed and put field errors on the inputs.
 */

export type PackageFilter = PageFilter<typeof packagePageQuerySchema>;
export type PriceFilter = PageFilter<typeof pricePageQuerySchema>;
export type OrderFilter = PageFilter<typeof orderPageQuerySchema>;
export type AccountFilter = PageFilter<typeof accountPageQuerySchema>;
export type UsageFilter = PageFilter<typeof usagePageQuerySchema>;

export const billingKeys = {
  all: [...sessionScope, 'billing'] as const,
  packages: () => [...billingKeys.all, 'packages'] as const,
  packagePage: (query: PackageFilter & PageQuery) =>
    [...billingKeys.packages(), 'page', query] as const,
  orderable: () => [...billingKeys.packages(), 'orderable'] as const,
  prices: () => [...billingKeys.all, 'prices'] as const,
  pricePage: (query: PriceFilter & PageQuery) => [...billingKeys.prices(), query] as const,
  orders: () => [...billingKeys.all, 'orders'] as const,
  orderPage: (query: OrderFilter & PageQuery) => [...billingKeys.orders(), 'page', query] as const,
  order: (id: string) => [...billingKeys.orders(), 'detail', id] as const,
  /** Balances move with orders, adjustments and use: accounts, ledgers and the overview. */
  accounts: () => [...billingKeys.all, 'accounts'] as const,
  accountPage: (query: AccountFilter & PageQuery) =>
    [...billingKeys.accounts(), 'page', query] as const,
  account: (schoolId: string) => [...billingKeys.accounts(), 'detail', schoolId] as const,
  ledger: (schoolId: string, query: PageQuery) =>
    [...billingKeys.accounts(), 'ledger', schoolId, query] as const,
  overview: (schoolId: string | undefined) =>
    [...billingKeys.accounts(), 'overview', schoolId ?? 'all'] as const,
  usagePage: (query: UsageFilter & PageQuery) => [...billingKeys.all, 'usage', query] as const,
  schools: (name: string) => [...billingKeys.all, 'schools', name] as const,
  courses: (name: string) => [...billingKeys.all, 'courses', name] as const,
  /** What a lab would cost; a lab's start or stop changes it. */
  costs: () => [...billingKeys.all, 'cost'] as const,
  cost: (query: CostPreviewQuery) => [...billingKeys.costs(), query] as const,
  classes: () => [...billingKeys.all, 'classes'] as const,
  environments: (platform: boolean, name: string) =>
    [...billingKeys.all, 'environments', platform, name] as const,
};

const accountsChanged = { queryKey: billingKeys.accounts() };

/* Packages ------------------------------------------------------------------------------------ */

export function packagePageQueryOptions(query: PackageFilter & PageQuery) {
  return queryOptions({
    queryKey: billingKeys.packagePage(query),
    queryFn: ({ signal }) => call(billingApi.packagePage, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Packages an order may take: effective and published (the newest hundred). */
export function orderablePackagesQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.orderable(),
    queryFn: ({ signal }) =>
      call(
        billingApi.packagePage,
        { query: { pageNum: 1, pageSize: 100, status: 'effective', published: '1' } },
        { signal },
      ),
    select: (page) => page.records,
  });
}

export function packageSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...billingKeys.packages(), 'save'],
    mutationFn: (body: PackageSave) => call(billingApi.packageSave, { body }, { quiet: true }),
    onSuccess: invalidates({ queryKey: billingKeys.packages() }),
  });
}

export function packageStateMutationOptions() {
  return mutationOptions({
    mutationKey: [...billingKeys.packages(), 'state'],
    mutationFn: (body: { id: string; published?: boolean; onShelf?: boolean }) =>
      call(billingApi.packageState, { body }, { quiet: true }),
    onSuccess: invalidates({ queryKey: billingKeys.packages() }),
  });
}

/* Billing costs ------------------------------------------------------------------------------- */

export function pricePageQueryOptions(query: PriceFilter & PageQuery) {
  return queryOptions({
    queryKey: billingKeys.pricePage(query),
    queryFn: ({ signal }) => call(billingApi.pricePage, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function priceAddMutationOptions() {
  return mutationOptions({
    mutationKey: [...billingKeys.prices(), 'add'],
    mutationFn: (body: PriceAdd) => call(billingApi.priceAdd, { body }, { quiet: true }),
    onSuccess: invalidates({ queryKey: billingKeys.prices() }),
  });
}

export function priceDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...billingKeys.prices(), 'delete'],
    mutationFn: (id: string) => call(billingApi.priceDelete, { params: { id } }, { quiet: true }),
    onSuccess: invalidates({ queryKey: billingKeys.prices() }),
  });
}

/* Orders -------------------------------------------------------------------------------------- */

export function orderPageQueryOptions(query: OrderFilter & PageQuery) {
  return queryOptions({
    queryKey: billingKeys.orderPage(query),
    queryFn: ({ signal }) => call(billingApi.orderPage, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function orderQueryOptions(id: string) {
  return queryOptions({
    queryKey: billingKeys.order(id),
    queryFn: ({ signal }) => call(billingApi.orderDetail, { params: { id } }, { signal }),
  });
}

export function orderAddMutationOptions() {
  return mutationOptions({
    mutationKey: [...billingKeys.orders(), 'add'],
    mutationFn: (body: OrderAdd) => call(billingApi.orderAdd, { body }, { quiet: true }),
    onSuccess: invalidates({ queryKey: billingKeys.orders() }, accountsChanged),
  });
}

/* Accounts ------------------------------------------------------------------------------------ */

export function accountPageQueryOptions(query: AccountFilter & PageQuery) {
  return queryOptions({
    queryKey: billingKeys.accountPage(query),
    queryFn: async ({ signal }) => {
      const page = await call(billingApi.accountPage, { query: { ...query } }, { signal });
      // Rows of a table are keyed by `id`: an account's is its school's.
      return { ...page, records: page.records.map((a) => ({ ...a, id: a.schoolId })) };
    },
    placeholderData: keepPreviousData,
  });
}

export function accountQueryOptions(schoolId: string) {
  return queryOptions({
    queryKey: billingKeys.account(schoolId),
    queryFn: ({ signal }) => call(billingApi.accountDetail, { params: { schoolId } }, { signal }),
  });
}

export function ledgerPageQueryOptions(schoolId: string, paging: PageQuery) {
  return queryOptions({
    queryKey: billingKeys.ledger(schoolId, paging),
    queryFn: ({ signal }) =>
      call(billingApi.ledgerPage, { query: { schoolId, ...paging } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function limitSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...billingKeys.accounts(), 'limit'],
    mutationFn: (body: LimitSave) => call(billingApi.limitSave, { body }, { quiet: true }),
    onSuccess: invalidates(accountsChanged),
  });
}

export function adjustMutationOptions() {
  return mutationOptions({
    mutationKey: [...billingKeys.accounts(), 'adjust'],
    mutationFn: (body: Adjust) => call(billingApi.adjust, { body }, { quiet: true }),
    onSuccess: invalidates(accountsChanged),
  });
}

export function overviewQueryOptions(schoolId: string | undefined) {
  return queryOptions({
    queryKey: billingKeys.overview(schoolId),
    queryFn: ({ signal }) =>
      call(billingApi.overview, { query: schoolId ? { schoolId } : {} }, { signal }),
  });
}

/* Usage details ------------------------------------------------------------------------------- */

export function usagePageQueryOptions(query: UsageFilter & PageQuery) {
  return queryOptions({
    queryKey: billingKeys.usagePage(query),
    queryFn: ({ signal }) => call(billingApi.usagePage, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the usage details of `filter` as an Excel workbook and saves it. */
export async function exportUsage(filter: UsageFilter, fallbackName: string): Promise<void> {
  const { blob, fileName } = await downloadRoute(billingApi.usageExport, {
    query: { ...filter },
  });
  saveBlob(blob, fileName ?? fallbackName);
}

/* Options of the forms and filters ------------------------------------------------------------ */

/** Schools by name (`colleges/options`), for operators. */
export function schoolOptionsQueryOptions(name: string) {
  return queryOptions({
    queryKey: billingKeys.schools(name),
    queryFn: ({ signal }) =>
      call(collegesApi.options, { query: { name: name || undefined } }, { signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * The platform's live courses by name, which packages and orders open: the course list every
 * account may read (the course centre's lists are the schools' own).
 */
export function platformCoursesQueryOptions(name: string) {
  return queryOptions({
    queryKey: billingKeys.courses(name),
    queryFn: ({ signal }) =>
      call(
        coursesApi.frontPage,
        { query: { pageNum: 1, pageSize: 50, ...(name ? { name } : {}) } },
        { signal },
      ),
    select: (page) => page.records.map((c) => ({ id: c.id, name: c.name })),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The own school's classes, for a school administrator's filter. */
export function classOptionsQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.classes(),
    queryFn: ({ signal }) =>
      call(classesApi.list, { query: { includeArchived: 'true' } }, { signal }),
    staleTime: 60_000,
  });
}

/**
 * Environments to filter by: every environment configuration for platform staff, the
 * environment centre (by name) for a school's administrator.
 */
export function environmentOptionsQueryOptions(platform: boolean, name: string) {
  return queryOptions({
    queryKey: billingKeys.environments(platform, platform ? '' : name),
    queryFn: async ({ signal }) => {
      if (platform) {
        const all = await call(environmentsApi.list, {}, { signal });
        return all.map((e) => ({ id: e.id, name: e.name }));
      }
      const page = await call(
        labsApi.centerPage,
        { body: { pageNum: 1, pageSize: 50, ...(name ? { name } : {}) } },
        { signal },
      );
      return page.records.map((e) => ({ id: e.id, name: e.name }));
    },
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * What a lab of these sizes costs an hour and what the school has left (`cost/preview`). Quiet:
 * without a preview the lab starts as before, and the start itself says why it cannot.
 */
export function costPreviewQueryOptions(query: CostPreviewQuery) {
  return queryOptions({
    queryKey: billingKeys.cost(query),
    queryFn: ({ signal }) =>
      call(labsApi.costPreview, { query: { ...query } }, { signal, quiet: true }),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
}
