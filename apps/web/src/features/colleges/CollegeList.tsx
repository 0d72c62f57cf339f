import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Space, Switch, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { College, PageQuery } from '@platform/contract';
import { toast } from '../../shared/toast';
import { PageTable } from '../../shared/ui/PageTable';
import { actionsColumn } from '../../shared/ui/RowActions';
import { useCan } from '../../shared/permissions/useCan';
import { useFilteredPage } from '../../shared/usePaging';
import { formatTime } from '../../shared/dates';
import { yuanOf } from '../../shared/money';
import { collegeEnableMutationOptions, collegePageQueryOptions, type CollegeFilter } from './api';
import { schoolTypeName, useLang } from './collegeFormat';
import { CollegeFilters } from './CollegeFilters';
import { CollegeEditor } from './CollegeEditor';
import { CollegeRowActions, type CollegeDialog } from './CollegeRowActions';
import { AdminsDialog } from './AdminsDialog';
import { ImportDialog } from './ImportDialog';
import { TotalUserDialog } from './TotalUserDialog';

/** Enables or disables a school from the table (college.enable); others see the state. */
function EnabledCell({ college }: { college: College }) {
  const { t } = useTranslation();
  const can = useCan();
  const enable = useMutation(collegeEnableMutationOptions());
  if (!can('college.enable')) {
    return college.enabled ? (
      <Tag color="green">{t('colleges.state.enabled')}</Tag>
    ) : (
      <Tag>{t('colleges.state.disabled')}</Tag>
    );
  }
  return (
    <Switch
      aria-label={t('colleges.fields.enabled')}
      checked={college.enabled}
      loading={enable.isPending}
      checkedChildren={t('colleges.state.enabled')}
      unCheckedChildren={t('colleges.state.disabled')}
      onChange={(enabled) =>
        enable.mutate(
          { id: college.id, enabled },
          {
            onSuccess: () =>
              toast.success(
                t(enabled ? 'colleges.done.enabled' : 'colleges.done.disabled', {
                  name: college.name,
                }),
              ),
          },
        )
      }
    />
  );
}

type Open = { dialog: CollegeDialog | 'add' | 'import'; college?: College } | null;

/** Operation management → colleges: every school, paged on the server, with its actions. */
export function CollegeList() {
  const { t } = useTranslation();
  const { lang, language } = useLang();
  const can = useCan();
  const { filter, setFilter, page, pagination } = useFilteredPage(
    (total) => t('colleges.total', { total }),
    (query: CollegeFilter & PageQuery) => collegePageQueryOptions(query, language),
  );
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const yuan = (fen: number) => t('colleges.units.yuan', { amount: yuanOf(fen, language) });

  const columns: TableColumnsType<College> = [
    { key: 'name', dataIndex: 'name', title: t('colleges.fields.name'), fixed: 'left' },
    { key: 'url', dataIndex: 'url', title: t('colleges.fields.url') },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('colleges.fields.type'),
      render: (type: number | null) => schoolTypeName(type, lang),
    },
    {
      key: 'region',
      title: t('colleges.fields.region'),
      render: (_, c) => [c.provinceName, c.cityName].filter(Boolean).join(' / ') || '—',
    },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: t('colleges.fields.enabled'),
      render: (_, c) => <EnabledCell college={c} />,
    },
    {
      key: 'totalBalance',
      dataIndex: 'totalBalance',
      title: t('colleges.fields.totalBalance'),
      align: 'right',
      render: yuan,
    },
    {
      key: 'rechargeBalance',
      dataIndex: 'rechargeBalance',
      title: t('colleges.fields.rechargeBalance'),
      align: 'right',
      render: yuan,
    },
    {
      key: 'giftBalance',
      dataIndex: 'giftBalance',
      title: t('colleges.fields.giftBalance'),
      align: 'right',
      render: yuan,
    },
    { key: 'tokenCount', dataIndex: 'tokenCount', title: t('colleges.fields.tokenCount') },
    { key: 'pptCount', dataIndex: 'pptCount', title: t('colleges.fields.pptCount') },
    { key: 'accountCount', dataIndex: 'accountCount', title: t('colleges.fields.accountCount') },
    {
      key: 'students',
      title: t('colleges.fields.students'),
      render: (_, c) =>
        t('colleges.units.studentsOf', {
          count: c.studentCount,
          max: c.maxStudents ? c.maxStudents : t('colleges.units.unlimited'),
        }),
    },
    {
      key: 'purchasedCourseCount',
      dataIndex: 'purchasedCourseCount',
      title: t('colleges.fields.purchasedCourseCount'),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('colleges.fields.createdAt'),
      render: (iso: string) => formatTime(iso),
    },
    actionsColumn<College>(
      t('colleges.fields.actions'),
      (c) => (
        <CollegeRowActions college={c} onOpen={(dialog, college) => setOpen({ dialog, college })} />
      ),
      { wrap: true },
    ),
  ];

  return (
    <Card
      title={t('colleges.titles.list')}
      extra={
        <Space>
          {can('college.import') && (
            <Button icon={<UploadOutlined />} onClick={() => setOpen({ dialog: 'import' })}>
              {t('colleges.actions.import')}
            </Button>
          )}
          {can('college.add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setOpen({ dialog: 'add' })}
            >
              {t('colleges.actions.add')}
            </Button>
          )}
        </Space>
      }
    >
      <CollegeFilters value={filter} onChange={setFilter} />
      <PageTable<College> page={page} pagination={pagination} columns={columns} />
      {(open?.dialog === 'add' || open?.dialog === 'edit') && (
        <CollegeEditor key={open.college?.id ?? 'new'} college={open.college} onClose={close} />
      )}
      {open?.dialog === 'totalUser' && open.college && (
        <TotalUserDialog college={open.college} onClose={close} />
      )}
      {open?.dialog === 'admins' && open.college && (
        <AdminsDialog college={open.college} onClose={close} />
      )}
      {open?.dialog === 'import' && <ImportDialog onClose={close} />}
    </Card>
  );
}
