import { useTranslation } from 'react-i18next';
import { useFilteredPage } from '../../shared/usePaging';
import { customerPageQueryOptions } from './api';

/** A server-paged, filtered page of customers. */
export function useCustomerPage() {
  const { t } = useTranslation();
  return useFilteredPage((total) => t('customers.total', { total }), customerPageQueryOptions);
}
