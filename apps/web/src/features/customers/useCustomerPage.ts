import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { customerPageQueryOptions, type CustomerFilter } from './api';
import { usePaging } from './paging';

/** A server-paged, filtered page of customers. */
export function useCustomerPage() {
  const [filter, setFilterState] = useState<CustomerFilter>({});
  const { paging, pagination, reset } = usePaging();
  const page = useQuery(customerPageQueryOptions({ ...filter, ...paging }));
  const setFilter = (next: CustomerFilter) => {
    setFilterState(next);
    reset();
  };
  return { filter, setFilter, page, pagination: pagination(page.data?.total) };
}
