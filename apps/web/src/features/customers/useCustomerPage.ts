import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { usePaging } from '../../shared/usePaging';
import { customerPageQueryOptions, type CustomerFilter } from './api';

/** A server-paged, filtered page of customers. */
export function useCustomerPage() {
  const { t } = useTranslation();
  const [filter, setFilterState] = useState<CustomerFilter>({});
  const { paging, pagination, reset } = usePaging((total) => t('customers.total', { total }));
  const page = useQuery(customerPageQueryOptions({ ...filter, ...paging }));
  const setFilter = (next: CustomerFilter) => {
    setFilterState(next);
    reset();
  };
  return { filter, setFilter, page, pagination: pagination(page.data?.total) };
}
