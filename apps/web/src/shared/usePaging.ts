import { useState } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import type { PageQuery } from '@platform/contract';

export const firstPage: PageQuery = { pageNum: 1, pageSize: 10 };

/**
 * Server paging of a table: the page asked for, and antd's pagination for a total, which
 * `totalText` words.
 */
export function usePaging(totalText: (total: number) => string) {
  const [paging, setPaging] = useState<PageQuery>(firstPage);
  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current: paging.pageNum,
    pageSize: paging.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    showTotal: totalText,
    onChange: (pageNum, pageSize) =>
      setPaging({ pageNum: pageSize === paging.pageSize ? pageNum : 1, pageSize }),
  });
  /** Back to the first page (after a filter changed). */
  const reset = () => setPaging((p) => ({ ...p, pageNum: 1 }));
  return { paging, pagination, reset };
}

/** What a filter bar takes of `useFilteredPage`: the filters and the setter of one. */
export interface FilterBarProps<F> {
  value: F;
  /** Sets one filter; null and undefined remove it. */
  set: <N extends keyof F>(name: N, value: F[N] | null | undefined) => void;
}

/**
 * A server-paged table with filters: the filters (none at first; a change starts again from the
 * first page), the query of the page that `optionsOf` makes of filters and paging, and its
 * pagination.
 */
export function useFilteredPage<
  Q extends PageQuery,
  D extends { total: number },
  K extends QueryKey,
>(totalText: (total: number) => string, optionsOf: (query: Q) => UseQueryOptions<D, Error, D, K>) {
  type F = Omit<Q, keyof PageQuery>;
  const [filter, setFilterState] = useState<F>({} as F);
  const { paging, pagination, reset } = usePaging(totalText);
  const page = useQuery(optionsOf({ ...filter, ...paging } as Q));
  const setFilter = (next: F) => {
    setFilterState(next);
    reset();
  };
  /** Sets one filter; null and undefined remove it. */
  const set = <N extends keyof F>(name: N, value: F[N] | null | undefined) =>
    setFilter({ ...filter, [name]: value ?? undefined });
  return { filter, setFilter, set, page, pagination: pagination(page.data?.total) };
}
