import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { EmptyState, LoadFailed } from './PageStates';

export interface PageTableProps<T> {
  page: UseQueryResult<{ records: T[]; total: number }>;
  pagination: TablePaginationConfig;
  columns: TableColumnsType<T>;
  /** Shown when the first load failed; by default the failure with a retry button. */
  failed?: ReactNode;
}

/** One server page of rows, with its loading, failed and empty states. */
export function PageTable<T extends { id: string }>({
  page,
  pagination,
  columns,
  failed,
}: PageTableProps<T>) {
  if (page.isError && !page.data) {
    return failed ?? <LoadFailed error={page.error} onRetry={() => void page.refetch()} />;
  }
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      loading={page.isFetching}
      dataSource={page.data?.records ?? []}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <EmptyState /> }}
      columns={columns}
    />
  );
}
