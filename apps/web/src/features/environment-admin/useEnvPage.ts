import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { usePaging } from '../../shared/usePaging';
import { envPageQueryOptions, type EnvPageQuery } from './api';

export type EnvFilter = Pick<EnvPageQuery, 'name' | 'type' | 'state' | 'experimentKind' | 'label'>;

/** A server-paged, filtered page of environments; `fixed` parts of the query cannot change. */
export function useEnvPage(fixed: Partial<EnvPageQuery> = {}) {
  const { t } = useTranslation();
  const [filter, setFilterState] = useState<EnvFilter>({});
  const { paging, pagination, reset } = usePaging((total) => t('envAdmin.total', { total }));
  const page = useQuery(envPageQueryOptions({ ...filter, ...fixed, ...paging }));
  const setFilter = (next: EnvFilter) => {
    setFilterState(next);
    reset();
  };
  return { filter, setFilter, page, pagination: pagination(page.data?.total) };
}
