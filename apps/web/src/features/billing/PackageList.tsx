import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Tag, Typography, type TableColumnsType } from 'antd';
import type { BillingPackage, PackageStatus } from '@platform/contract';
import { toast } from '../../shared/toast';
import { useCan } from '../../shared/permissions/useCan';
import { formatTime } from '../../shared/dates';
import { FilterBar, SearchFilter, SelectFilter } from '../../shared/ui/Filters';
import { useFilteredPage } from '../../shared/usePaging';
import { actionsColumn, ConfirmAction, RowAction } from '../../shared/ui/RowActions';
import { packagePageQueryOptions, packageStateMutationOptions } from './api';
import { MajorTags, PackageStatusTag, useBillingEnums, useFailureText, useMoney } from './format';
import { PackageEditor } from './PackageEditor';
import { BillingTable } from './states';
import './billing.css';

/** Editing state of the dialog: closed, adding, or editing one package. */
type Editing = { pkg?: BillingPackage } | null;
type StateChange = 'publish' | 'unpublish' | 'shelfOn' | 'shelfOff';

const changes: Record<StateChange, { published?: boolean; onShelf?: boolean }> = {
  publish: { published: true },
  unpublish: { published: false },
  shelfOn: { onShelf: true },
  shelfOff: { onShelf: false },
};

/** Publish / cancel publishing, shelf on / off: asks first, then `package/state`. */
function StateAction({ pkg, change }: { pkg: BillingPackage; change: StateChange }) {
  const { t } = useTranslation();
  const failure = useFailureText();
  const state = useMutation(packageStateMutationOptions());
  return (
    <ConfirmAction
      title={t(`billing.confirm.${change}`, { name: pkg.name })}
      okText={t('billing.actions.confirm')}
      cancelText={t('billing.actions.cancel')}
      okButtonProps={{}}
      danger={change === 'unpublish' || change === 'shelfOff'}
      onConfirm={() =>
        state.mutateAsync({ id: pkg.id, ...changes[change] }).then(
          () => void toast.success(t('billing.done.stateChanged')),
          (error: unknown) => void toast.error(failure('update', error)),
        )
      }
      loading={state.isPending}
    >
      {t(`billing.actions.${change}`)}
    </ConfirmAction>
  );
}

/** Course module packages (operation/packages): filters, the package table and its dialog. */
export function PackageList() {
  const { t } = useTranslation();
  const can = useCan();
  const money = useMoney();
  const enums = useBillingEnums();
  const { filter, set, page, pagination } = useFilteredPage(
    (total) => t('billing.total', { total }),
    packagePageQueryOptions,
  );
  const [editing, setEditing] = useState<Editing>(null);
  const canEdit = can('billing.package_edit');
  const none = t('billing.values.none');

  const columns: TableColumnsType<BillingPackage> = [
    { key: 'name', title: t('billing.fields.name'), dataIndex: 'name', fixed: 'left' },
    {
      key: 'type',
      title: t('billing.fields.packageType'),
      dataIndex: 'type',
      render: (v: BillingPackage['type']) => t(`billing.packageType.${v}`),
    },
    {
      key: 'hoursPerYear',
      title: t('billing.fields.hoursPerYear'),
      render: (_, p) => (p.type === 'untimed' ? none : p.hoursPerYear),
    },
    {
      key: 'price',
      title: t('billing.fields.price'),
      dataIndex: 'priceFen',
      align: 'right',
      render: (fen: number) => money.amount(fen),
    },
    {
      key: 'periodMonths',
      title: t('billing.fields.periodMonths'),
      dataIndex: 'periodMonths',
      render: (count: number) => t('billing.values.months', { count }),
    },
    {
      key: 'status',
      title: t('billing.fields.status'),
      dataIndex: 'status',
      render: (status: PackageStatus) => <PackageStatusTag status={status} />,
    },
    {
      key: 'stacking',
      title: t('billing.fields.stacking'),
      dataIndex: 'stacking',
      render: (v: BillingPackage['stacking']) => t(`billing.stacking.${v}`),
    },
    {
      key: 'effect',
      title: t('billing.fields.effect'),
      render: (_, p) =>
        p.effect === 'scheduled' && p.effectiveAt
          ? t('billing.values.scheduledAt', { at: formatTime(p.effectiveAt) })
          : t(`billing.effect.${p.effect}`),
    },
    {
      key: 'published',
      title: t('billing.fields.published'),
      dataIndex: 'published',
      render: (v: boolean) =>
        v ? (
          <Tag color="blue">{t('billing.values.published')}</Tag>
        ) : (
          <Tag>{t('billing.values.unpublished')}</Tag>
        ),
    },
    {
      key: 'onShelf',
      title: t('billing.fields.onShelf'),
      dataIndex: 'onShelf',
      render: (v: boolean) =>
        v ? (
          <Tag color="green">{t('billing.values.onShelf')}</Tag>
        ) : (
          <Tag>{t('billing.values.offShelf')}</Tag>
        ),
    },
    {
      key: 'opened',
      title: t('billing.fields.coursesMajors'),
      render: (_, p) =>
        p.courses.length || p.majors.length ? (
          <div className="billing-opened">
            {p.courses.length > 0 && (
              <Typography.Text
                ellipsis={{ tooltip: p.courses.map((c) => c.name).join('、') }}
                style={{ maxWidth: 220 }}
              >
                {p.courses.map((c) => c.name).join('、')}
              </Typography.Text>
            )}
            <MajorTags majors={p.majors} />
          </div>
        ) : (
          none
        ),
    },
  ];
  if (canEdit) {
    columns.push(
      actionsColumn<BillingPackage>(
        t('billing.fields.actions'),
        (p) => (
          <>
            <RowAction onClick={() => setEditing({ pkg: p })}>
              {t('billing.actions.edit')}
            </RowAction>
            <StateAction pkg={p} change={p.published ? 'unpublish' : 'publish'} />
            <StateAction pkg={p} change={p.onShelf ? 'shelfOff' : 'shelfOn'} />
          </>
        ),
        { wrap: true },
      ),
    );
  }

  return (
    <Card
      className="billing-page"
      title={t('billing.titles.packages')}
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('billing.actions.addPackage')}
          </Button>
        )
      }
    >
      <FilterBar>
        <SearchFilter
          placeholder={t('billing.placeholders.searchName')}
          maxLength={50}
          width={220}
          onSearch={(name) => set('name', name)}
        />
        <SelectFilter<PackageStatus>
          placeholder={t('billing.placeholders.allStatuses')}
          width={150}
          value={filter.status}
          onChange={(v) => set('status', v)}
          options={enums.packageStatuses}
        />
        <SelectFilter<'0' | '1'>
          placeholder={t('billing.placeholders.allPublished')}
          width={150}
          value={filter.published}
          onChange={(v) => set('published', v)}
          options={[
            { value: '1', label: t('billing.values.published') },
            { value: '0', label: t('billing.values.unpublished') },
          ]}
        />
      </FilterBar>
      <BillingTable<BillingPackage>
        what="packages"
        page={page}
        pagination={pagination}
        columns={columns}
      />
      {editing && <PackageEditor pkg={editing.pkg} onClose={() => setEditing(null)} />}
    </Card>
  );
}
