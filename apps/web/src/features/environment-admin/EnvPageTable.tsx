import type { TableColumnsType } from 'antd';
import type { Environment } from '@platform/contract';
import { PageTable } from '../../shared/ui/PageTable';
import type { EnvPageQuery } from './api';
import { EnvFilters } from './EnvFilters';
import { useEnvPage, type EnvFilter } from './useEnvPage';

interface EnvPageTableProps {
  /** Parts of the query the filters cannot change. */
  fixed?: Partial<EnvPageQuery>;
  /** Which filters to offer (default: all). */
  filters?: readonly (keyof EnvFilter)[];
  columns: TableColumnsType<Environment>;
}

/**
 * One server page of environments under its filter bar, with its loading, failed and empty
 * states.
 */
export function EnvPageTable({ fixed, filters, columns }: EnvPageTableProps) {
  const { filter, setFilter, page, pagination } = useEnvPage(fixed);
  return (
    <>
      <EnvFilters value={filter} onChange={setFilter} {...(filters ? { fields: filters } : {})} />
      <PageTable<Environment> page={page} pagination={pagination} columns={columns} />
    </>
  );
}
