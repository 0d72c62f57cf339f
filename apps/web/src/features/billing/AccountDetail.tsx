import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import { idSchema, type Account } from '@platform/contract';
import { useCan } from '../../shared/permissions/useCan';
import { BackButton } from '../../shared/ui/BackButton';
import { MissingId } from '../../shared/ui/RecordPage';
import { useAreaNavigate } from '../../shared/areaNavigation';
import { accountQueryOptions } from './api';
import { AccountSummary } from './AccountSummary';
import { AdjustDialog } from './AdjustDialog';
import { LedgerTable } from './LedgerTable';
import { LimitDialog } from './LimitDialog';
import { PackagesInForce } from './orderParts';
import { Loaded } from './states';
import './billing.css';

const accountsPath = 'operation/accounts';

type Open = 'limit' | 'adjust' | null;

function AccountView({ account }: { account: Account }) {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <Space className="billing-page" orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('billing.titles.account', { name: account.schoolName })}
        extra={
          <Space wrap>
            {can('billing.limit_edit') && (
              <Button onClick={() => setOpen('limit')}>{t('billing.actions.limit')}</Button>
            )}
            {can('billing.adjust') && (
              <Button type="primary" onClick={() => setOpen('adjust')}>
                {t('billing.actions.adjust')}
              </Button>
            )}
            <BackButton fallback={accountsPath}>{t('billing.actions.back')}</BackButton>
          </Space>
        }
      >
        <AccountSummary account={account} />
      </Card>
      <Card title={t('billing.titles.packagesInForce')}>
        <PackagesInForce packages={account.packages} />
      </Card>
      <Card title={t('billing.titles.ledger')}>
        <LedgerTable schoolId={account.schoolId} />
      </Card>
      {open === 'limit' && <LimitDialog account={account} onClose={close} />}
      {open === 'adjust' && <AdjustDialog account={account} onClose={close} />}
    </Space>
  );
}

/**
 * A school's account (operation/accounts/detail?schoolId=): balances and counts, packages in
 * force, limits with their setting, manual adjustments and refunds, and the ledger.
 */
export function AccountDetail() {
  const { t } = useTranslation();
  const go = useAreaNavigate();
  const [params] = useSearchParams();
  const raw = params.get('schoolId');
  const schoolId = raw && idSchema.safeParse(raw).success ? raw : null;
  const account = useQuery({ ...accountQueryOptions(schoolId ?? ''), enabled: schoolId !== null });
  if (schoolId === null)
    return (
      <MissingId
        title={t('billing.titles.accounts')}
        text={t('billing.hints.missingSchool')}
        backText={t('billing.actions.back')}
        onBack={() => go(accountsPath)}
      />
    );
  return (
    <Loaded query={account} what="account">
      {(a) => <AccountView account={a} />}
    </Loaded>
  );
}
