import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Space } from 'antd';
import { LoadingState } from '../../shared/ui/PageStates';
import { accountQueryOptions, overviewQueryOptions } from './api';
import { AccountSummary } from './AccountSummary';
import { PackagesInForce } from './orderParts';
import { Loaded } from './states';
import { useOwnSchool } from './useOwnSchool';
import './billing.css';

// ECharts is large: the charts load after the cards, with their own chunk.
const OverviewCharts = lazy(() =>
  import('./OverviewCharts').then((m) => ({ default: m.OverviewCharts })),
);

function SchoolOverview({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation();
  const account = useQuery(accountQueryOptions(schoolId));
  const overview = useQuery(overviewQueryOptions(schoolId));
  return (
    <Space className="billing-page" orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('billing.titles.overview')}>
        <Loaded query={account} what="account">
          {(a) => <AccountSummary account={a} />}
        </Loaded>
      </Card>
      {account.data && (
        <Card title={t('billing.titles.packagesInForce')}>
          <PackagesInForce packages={account.data.packages} />
        </Card>
      )}
      <Loaded query={overview} what="overview">
        {(data) => (
          <Suspense fallback={<LoadingState />}>
            <OverviewCharts overview={data} />
          </Suspense>
        )}
      </Loaded>
    </Space>
  );
}

/**
 * The school's own account (school/account): its balances, counts, validity and limits as
 * cards, the packages in force, and the overview dashboard of its spending and use.
 */
export function AccountOverview() {
  const { t } = useTranslation();
  const own = useOwnSchool();
  if (own.user.isPending) return <LoadingState />;
  if (!own.schoolId)
    return (
      <Card title={t('billing.titles.overview')}>
        <Alert type="info" showIcon title={t('billing.hints.noSchool')} />
      </Card>
    );
  return <SchoolOverview schoolId={own.schoolId} />;
}
