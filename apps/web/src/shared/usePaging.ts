import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import type { PageQuery } from '@platform/contract';

export const firstPage: PageQuery = { pageNum: 1, pageSize: 10 };

/**
 * Server paging of a table: the page asked for, and antd's pagination for a total, which
 * `totalText` words.
 */
export function usePaging(totalText: (total: number) => string) {
  const [paging, setPaging] = useState<PageQuery>(firstPage);
  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current: paging.pageNum,
    pageSize: paging.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    showTotal: totalText,
    onChange: (pageNum, pageSize) =>
      setPaging({ pageNum: pageSize === paging.pageSize ? pageNum : 1, pageSize }),
  });
  /** Back to the first page (after a filter changed). */
  const reset = () => setPaging((p) => ({ ...p, pageNum: 1 }));
  return { paging, pagination, reset };
}
