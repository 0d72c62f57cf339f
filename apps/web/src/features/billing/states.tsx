import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { PageTable, type PageTableProps } from '../../shared/ui/PageTable';
import { LoadingState } from '../../shared/ui/PageStates';
import { useFailureText } from './format';

type Failure = Parameters<ReturnType<typeof useFailureText>>[0];

/** A failed load in the spec's words ("Failed to get usage details: …"), with a retry. */
export function LoadFailure({ what, query }: { what: Failure; query: UseQueryResult<unknown> }) {
  const { t } = useTranslation();
  const failure = useFailureText();
  return (
    <Alert
      type="error"
      showIcon
      title={failure(what, query.error)}
      action={
        <Button size="small" type="primary" onClick={() => void query.refetch()}>
          {t('billing.actions.retry')}
        </Button>
      }
    />
  );
}

/** One server page of rows with its loading, failed (`what` failed) and empty states. */
export function BillingTable<T extends { id: string }>({
  what,
  ...props
}: Omit<PageTableProps<T>, 'failed'> & { what: Failure }) {
  return <PageTable<T> {...props} failed={<LoadFailure what={what} query={props.page} />} />;
}

/** A query's loading and failed states, then its data as `children` render it. */
export function Loaded<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: Failure;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <LoadFailure what={what} query={query} />;
  return children(query.data);
}
