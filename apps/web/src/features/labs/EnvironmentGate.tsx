import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { CenterDetail } from '@platform/contract';
import { EmptyState, LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import { useIdParam } from '../../shared/areaNavigation';
import { centerDetailQueryOptions } from './api';

/**
 * Loads the environment of `envId`, else of `?id=`, and renders its screen; handles a missing id,
 * loading and errors (with a retry) on the way. The detail is fetched afresh on every visit: its
 * `containerIds` tell the lab runtime which lab is running now.
 */
export function EnvironmentGate({
  envId,
  children,
}: {
  envId?: string;
  children: (detail: CenterDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  const pageId = useIdParam();
  const id = envId ?? pageId;
  const detail = useQuery({
    ...centerDetailQueryOptions(id ?? ''),
    enabled: Boolean(id),
    refetchOnMount: 'always',
  });
  if (!id) return <EmptyState description={t('labs.missingId')} />;
  if (detail.isPending || (detail.isFetching && !detail.isFetchedAfterMount))
    return <LoadingState />;
  if (detail.isError)
    return <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} />;
  // Keyed by environment: another `?id=` gets a new screen (and a new lab runtime).
  return <Fragment key={detail.data.id}>{children(detail.data)}</Fragment>;
}
