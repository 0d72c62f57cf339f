import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TableProps } from 'antd';
import { EmptyState, LoadFailed } from './PageStates';

export type QueryTableProps<T> = Omit<TableProps<T>, 'loading' | 'rowKey'> & {
  /** The query the rows come from: its failure, with a retry, stands in for the table. */
  query: UseQueryResult<unknown>;
  /** Shown when the first load failed; by default the failure with a retry button. */
  failed?: ReactNode;
};

/** A table of rows with an `id` from a query, with its loading, failed and empty states. */
export function QueryTable<T extends { id: string }>({
  query,
  failed,
  ...table
}: QueryTableProps<T>) {
  if (query.isError && !query.data) {
    return failed ?? <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      loading={query.isFetching}
      locale={{ emptyText: <EmptyState /> }}
      {...table}
    />
  );
}
