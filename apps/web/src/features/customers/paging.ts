import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TablePaginationConfig } from 'antd';
import type { Paging } from './api';

const firstPage: Paging = { pageNum: 1, pageSize: 10 };

/** Server paging of a table: the page asked for, and antd's pagination for a total. */
export function usePaging() {
  const { t } = useTranslation();
  const [paging, setPaging] = useState<Paging>(firstPage);
  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current: paging.pageNum,
    pageSize: paging.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    showTotal: (n) => t('customers.total', { total: n }),
    onChange: (pageNum, pageSize) =>
      setPaging({ pageNum: pageSize === paging.pageSize ? pageNum : 1, pageSize }),
  });
  /** Back to the first page (after a filter changed). */
  const reset = () => setPaging((p) => ({ ...p, pageNum: 1 }));
  return { paging, pagination, reset };
}
