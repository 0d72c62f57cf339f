import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { envPageQueryOptions, type EnvPageQuery } from './api';
import { usePaging } from './paging';

export type EnvFilter = Pick<EnvPageQuery, 'name' | 'type' | 'state' | 'experimentKind' | 'label'>;

/** A server-paged, filtered page of environments; `fixed` parts of the query cannot change. */
export function useEnvPage(fixed: Partial<EnvPageQuery> = {}) {
  const [filter, setFilterState] = useState<EnvFilter>({});
  const { paging, pagination, reset } = usePaging();
  const page = useQuery(envPageQueryOptions({ ...filter, ...fixed, ...paging }));
  const setFilter = (next: EnvFilter) => {
    setFilterState(next);
    reset();
  };
  return { filter, setFilter, page, pagination: pagination(page.data?.total) };
}
