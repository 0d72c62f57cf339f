import { useTranslation } from 'react-i18next';
import type { TableColumnsType } from 'antd';
import type { Environment, PageQuery } from '@platform/contract';
import { PageTable } from '../../shared/ui/PageTable';
import { useFilteredPage } from '../../shared/usePaging';
import { envPageQueryOptions, type EnvPageQuery } from './api';
import { EnvFilters, type EnvFilter } from './EnvFilters';

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
export function EnvPageTable({ fixed = {}, filters, columns }: EnvPageTableProps) {
  const { t } = useTranslation();
  const { filter, set, page, pagination } = useFilteredPage(
    (total) => t('environments.total', { total }),
    (query: EnvFilter & PageQuery) => envPageQueryOptions({ ...query, ...fixed }),
  );
  return (
    <>
      <EnvFilters value={filter} set={set} {...(filters ? { fields: filters } : {})} />
      <PageTable<Environment> page={page} pagination={pagination} columns={columns} />
    </>
  );
}
