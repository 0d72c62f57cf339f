import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import { QueryTable } from './QueryTable';

export interface PageTableProps<T> {
  page: UseQueryResult<{ records: T[]; total: number }>;
  pagination: TablePaginationConfig;
  columns: TableColumnsType<T>;
  /** Shown when the first load failed; by default the failure with a retry button. */
  failed?: ReactNode;
}

/** One server page of rows, with its loading, failed and empty states. */
export function PageTable<T extends { id: string }>({ page, ...table }: PageTableProps<T>) {
  return (
    <QueryTable<T>
      query={page}
      dataSource={page.data?.records ?? []}
      scroll={{ x: 'max-content' }}
      {...table}
    />
  );
}
