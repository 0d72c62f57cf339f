import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Empty, Spin } from 'antd';

/** Loading, error-with-retry and empty states of the antd pages. */
export function LoadingState() {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }} role="status">
      <Spin description={t('app.loading')}>
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </div>
  );
}

export function LoadFailed({ error, onRetry }: { error?: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Alert
      type="error"
      showIcon
      message={t('app.loadFailed')}
      description={detail}
      action={
        <Button size="small" type="primary" onClick={onRetry}>
          {t('app.retry')}
        </Button>
      }
    />
  );
}

export function EmptyState({ description }: { description?: string }) {
  const { t } = useTranslation();
  return <Empty description={description ?? t('app.empty')} />;
}

/** A query's loading and failed (with a retry) states, then its data as `children` render it. */
export function QueryStates<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
