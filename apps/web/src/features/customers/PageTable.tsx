import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { EmptyState } from '../../shared/ui/PageStates';
import { useFailureText } from './customerFormat';

interface PageTableProps<T> {
  page: UseQueryResult<{ records: T[]; total: number }>;
  pagination: TablePaginationConfig;
  columns: TableColumnsType<T>;
}

/** One server page of rows, with its loading, failed ("Query failed") and empty states. */
export function PageTable<T extends { id: string }>({
  page,
  pagination,
  columns,
}: PageTableProps<T>) {
  const { t } = useTranslation();
  const failure = useFailureText();
  if (page.isError && !page.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={failure('query', page.error)}
        action={
          <Button size="small" type="primary" onClick={() => void page.refetch()}>
            {t('app.retry')}
          </Button>
        }
      />
    );
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
