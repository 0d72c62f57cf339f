import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Tag, type TableColumnsType } from 'antd';
import type { ChargingItem, Price } from '@platform/contract';
import { toast } from '../../shared/toast';
import { useCan } from '../../shared/permissions/useCan';
import { formatTime } from '../../shared/dates';
import { FilterBar, SelectFilter } from '../../shared/ui/Filters';
import { useFilteredPage } from '../../shared/usePaging';
import { actionsColumn, ConfirmAction } from '../../shared/ui/RowActions';
import { priceDeleteMutationOptions, pricePageQueryOptions } from './api';
import { useBillingEnums, useFailureText, useMoney } from './format';
import { PriceDialog } from './PriceDialog';
import { BillingTable } from './states';
import './billing.css';

type PriceState = 'pending' | 'current' | 'ended';

function stateOf(price: Price, now: number): PriceState {
  if (new Date(price.effectiveFrom).getTime() > now) return 'pending';
  if (price.effectiveUntil && new Date(price.effectiveUntil).getTime() <= now) return 'ended';
  return 'current';
}

const stateColors: Record<PriceState, string> = {
  pending: 'blue',
  current: 'green',
  ended: 'default',
};

function WithdrawAction({ price }: { price: Price }) {
  const { t } = useTranslation();
  const failure = useFailureText();
  const remove = useMutation(priceDeleteMutationOptions());
  return (
    <ConfirmAction
      title={t('billing.confirm.withdraw')}
      okText={t('billing.actions.confirm')}
      cancelText={t('billing.actions.cancel')}
      onConfirm={() =>
        remove.mutateAsync(price.id).then(
          () => void toast.success(t('billing.done.priceWithdrawn')),
          (error: unknown) => void toast.error(failure('withdraw', error)),
        )
      }
      loading={remove.isPending}
    >
      {t('billing.actions.withdraw')}
    </ConfirmAction>
  );
}

/**
 * Billing costs (operation/prices): the price of each charging item, per environment kind or for
 * all, over time; adding a price, and withdrawing one not yet in effect.
 */
export function PriceList() {
  const { t } = useTranslation();
  const can = useCan();
  const money = useMoney();
  const enums = useBillingEnums();
  const { filter, set, page, pagination } = useFilteredPage(
    (total) => t('billing.total', { total }),
    pricePageQueryOptions,
  );
  const [adding, setAdding] = useState(false);
  const canEdit = can('billing.price_edit');
  const now = Date.now();

  const columns: TableColumnsType<Price> = [
    {
      key: 'item',
      title: t('billing.fields.item'),
      dataIndex: 'item',
      render: (item: ChargingItem) => t(`billing.item.${item}`),
    },
    {
      key: 'envKind',
      title: t('billing.fields.envKind'),
      dataIndex: 'envKind',
      render: (kind: string | null) => kind ?? t('billing.values.allKinds'),
    },
    {
      key: 'unitFen',
      title: t('billing.fields.unitPrice'),
      align: 'right',
      render: (_, p) => money.perUnit(p.unitFen, p.item),
    },
    {
      key: 'effectiveFrom',
      title: t('billing.fields.effectiveFrom'),
      dataIndex: 'effectiveFrom',
      render: (v: string) => formatTime(v),
    },
    {
      key: 'effectiveUntil',
      title: t('billing.fields.effectiveUntil'),
      dataIndex: 'effectiveUntil',
      render: (v: string | null) => formatTime(v),
    },
    {
      key: 'state',
      title: t('billing.fields.priceState'),
      render: (_, p) => {
        const state = stateOf(p, now);
        return <Tag color={stateColors[state]}>{t(`billing.priceState.${state}`)}</Tag>;
      },
    },
  ];
  if (canEdit) {
    columns.push(
      actionsColumn<Price>(t('billing.fields.actions'), (p) =>
        stateOf(p, now) === 'pending' ? <WithdrawAction price={p} /> : null,
      ),
    );
  }

  return (
    <Card
      className="billing-page"
      title={t('billing.titles.prices')}
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('billing.actions.addPrice')}
          </Button>
        )
      }
    >
      <FilterBar>
        <SelectFilter<ChargingItem>
          placeholder={t('billing.placeholders.allItems')}
          width={180}
          value={filter.item}
          onChange={(v) => set('item', v)}
          options={enums.items}
        />
      </FilterBar>
      <BillingTable<Price> what="prices" page={page} pagination={pagination} columns={columns} />
      {adding && <PriceDialog onClose={() => setAdding(false)} />}
    </Card>
  );
}
