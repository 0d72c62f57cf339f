import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { accountStatuses, teacherRoles, type Teacher } from '@platform/contract';
import { EmptyState, LoadFailed } from '../../shared/ui/PageStates';
import { useCan } from '../../shared/permissions/useCan';
import { usePaging } from '../../shared/usePaging';
import { sexText, useAccountStateColumns } from '../students/accountParts';
import { teacherEnableMutationOptions, teacherPageQueryOptions, type TeacherFilter } from './api';
import { TeacherDeleteDialog } from './TeacherDeleteDialog';
import { TeacherDialog } from './TeacherDialog';

/** Teachers of the school (school/teachers): a server-paged, filtered table with actions. */
export function TeacherManagement() {
  const { t } = useTranslation();
  const can = useCan();
  const [filter, setFilterState] = useState<TeacherFilter>({});
  const { paging, pagination, reset } = usePaging((total) =>
    t('students.account.total', { total }),
  );
  const page = useQuery(teacherPageQueryOptions({ ...filter, ...paging }));
  // null: closed; { teacher: undefined }: adding.
  const [editing, setEditing] = useState<{ teacher?: Teacher } | null>(null);
  const [deleting, setDeleting] = useState<Teacher | null>(null);

  const setFilter = (next: TeacherFilter) => {
    setFilterState(next);
    reset();
  };
  const set = <K extends keyof TeacherFilter>(key: K, value: TeacherFilter[K] | null) =>
    setFilter({ ...filter, [key]: value ?? undefined });

  const stateColumns = useAccountStateColumns<Teacher, Teacher>(
    teacherEnableMutationOptions(),
    can('teacher.enable'),
    'teachers.fields',
  );

  const canEdit = can('teacher.edit');
  const canDelete = can('teacher.delete');
  const columns: TableColumnsType<Teacher> = [
    { key: 'name', dataIndex: 'name', title: t('teachers.fields.name') },
    { key: 'phone', dataIndex: 'phone', title: t('teachers.fields.phone') },
    { key: 'username', dataIndex: 'username', title: t('teachers.fields.username') },
    {
      key: 'sex',
      dataIndex: 'sex',
      title: t('teachers.fields.sex'),
      render: (sex: number | null) => sexText(t, sex),
    },
    {
      key: 'role',
      dataIndex: 'role',
      title: t('teachers.fields.role'),
      render: (role: Teacher['role']) => t(`roles.${role}`),
    },
    ...stateColumns,
    ...(canEdit || canDelete
      ? [
          {
            key: 'actions',
            title: t('teachers.fields.actions'),
            fixed: 'right' as const,
            render: (_: unknown, teacher: Teacher) => (
              <Space size={0}>
                {canEdit && (
                  <Button type="link" size="small" onClick={() => setEditing({ teacher })}>
                    {t('teachers.actions.edit')}
                  </Button>
                )}
                {canDelete && (
                  <Button type="link" size="small" danger onClick={() => setDeleting(teacher)}>
                    {t('teachers.actions.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={t('teachers.title')}
      extra={
        can('teacher.add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('teachers.actions.add')}
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('teachers.placeholders.name')}
          placeholder={t('teachers.placeholders.name')}
          allowClear
          maxLength={30}
          style={{ width: 200 }}
          onSearch={(name) => set('name', name.trim() || undefined)}
        />
        <Input.Search
          aria-label={t('teachers.placeholders.phone')}
          placeholder={t('teachers.placeholders.phone')}
          allowClear
          maxLength={11}
          style={{ width: 200 }}
          onSearch={(phone) => set('phone', phone.trim() || undefined)}
        />
        <Select<NonNullable<TeacherFilter['role']>>
          aria-label={t('teachers.placeholders.allRoles')}
          placeholder={t('teachers.placeholders.allRoles')}
          allowClear
          style={{ width: 160 }}
          value={filter.role}
          onChange={(role) => set('role', role)}
          options={teacherRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        />
        <Select<NonNullable<TeacherFilter['status']>>
          aria-label={t('students.account.allStatuses')}
          placeholder={t('students.account.allStatuses')}
          allowClear
          style={{ width: 160 }}
          value={filter.status}
          onChange={(status) => set('status', status)}
          options={accountStatuses.map((status) => ({
            value: status,
            label: t(`students.account.status.${status}`),
          }))}
        />
      </Space>
      {page.isError && !page.data ? (
        <LoadFailed error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <Table<Teacher>
          rowKey="id"
          size="middle"
          loading={page.isFetching}
          dataSource={page.data?.records ?? []}
          pagination={pagination(page.data?.total)}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState /> }}
          columns={columns}
        />
      )}
      {editing && (
        <TeacherDialog
          key={editing.teacher?.id ?? 'new'}
          teacher={editing.teacher}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <TeacherDeleteDialog
          key={deleting.id}
          teacher={deleting}
          onClose={() => setDeleting(null)}
        />
      )}
    </Card>
  );
}
