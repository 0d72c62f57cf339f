import { Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Environment } from '@platform/contract';
import { EmptyState, LoadFailed } from '../../shared/ui/PageStates';

interface EnvPageTableProps {
  page: UseQueryResult<{ records: Environment[]; total: number }>;
  pagination: TablePaginationConfig;
  columns: TableColumnsType<Environment>;
}

/** One server page of environments, with its loading, failed and empty states. */
export function EnvPageTable({ page, pagination, columns }: EnvPageTableProps) {
  if (page.isError && !page.data) {
    return <LoadFailed error={page.error} onRetry={() => void page.refetch()} />;
  }
  return (
    <Table<Environment>
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
