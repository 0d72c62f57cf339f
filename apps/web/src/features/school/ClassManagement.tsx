import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ClassRecord } from '@platform/contract';
import { toast } from '../../shared/toast';
import { EmptyState, LoadFailed } from '../../shared/ui/PageStates';
import { useCan } from '../../shared/permissions/useCan';
import { usePaging } from '../../shared/usePaging';
import { classDeleteMutationOptions, classPageQueryOptions } from './api';
import { ArchiveClassDialog } from './ArchiveClassDialog';
import { ClassEditor } from './ClassEditor';
import { ClassFilters, type ClassFilter } from './ClassFilters';
import { formatInstant } from './forms';

/**
 * The school's classes (admin/classes): a server-paged, filtered table with add and edit
 * dialogs, delete (refused by the server while the class holds students) and archive.
 */
export function ClassManagement() {
  const { t } = useTranslation();
  const can = useCan();
  const [filter, setFilterState] = useState<ClassFilter>({});
  const { paging, pagination, reset } = usePaging((total) => t('school.values.total', { total }));
  const page = useQuery(classPageQueryOptions({ ...filter, ...paging }));
  const remove = useMutation(classDeleteMutationOptions());
  // null: closed; { record: undefined }: adding.
  const [editing, setEditing] = useState<{ record?: ClassRecord } | null>(null);
  const [archiving, setArchiving] = useState<ClassRecord | null>(null);

  const setFilter = (next: ClassFilter) => {
    setFilterState(next);
    reset();
  };

  const columns: TableColumnsType<ClassRecord> = [
    { key: 'name', dataIndex: 'name', title: t('school.fields.className') },
    { key: 'grade', dataIndex: 'grade', title: t('school.fields.grade') },
    {
      key: 'majors',
      title: t('school.fields.majors'),
      render: (_, r) => (
        <Space size={[0, 4]} wrap>
          {r.majors.map((m) => (
            <Tag key={m.id}>{m.name}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'students', dataIndex: 'studentCount', title: t('school.fields.students') },
    {
      key: 'status',
      title: t('school.fields.classStatus'),
      render: (_, r) =>
        r.archived ? (
          <Tag>{t('school.values.archived')}</Tag>
        ) : (
          <Tag color="green">{t('school.values.inUse')}</Tag>
        ),
    },
    {
      key: 'createdAt',
      title: t('school.fields.createdAt'),
      render: (_, r) => formatInstant(r.createdAt),
    },
    {
      key: 'actions',
      title: t('school.fields.actions'),
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {can('class.edit') && !r.archived && (
            <Button type="link" size="small" onClick={() => setEditing({ record: r })}>
              {t('school.actions.edit')}
            </Button>
          )}
          {can('class.archive') && !r.archived && (
            <Button type="link" size="small" danger onClick={() => setArchiving(r)}>
              {t('school.actions.archive')}
            </Button>
          )}
          {can('class.delete') && (
            <Popconfirm
              title={t('school.confirm.deleteClass', { name: r.name })}
              okText={t('school.actions.ok')}
              cancelText={t('school.actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                // A refusal (students in the class) is toasted by the request layer.
                remove.mutate(r.id, { onSuccess: () => toast.success(t('school.done.deleted')) })
              }
            >
              <Button type="link" size="small" danger disabled={remove.isPending}>
                {t('school.actions.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('school.titles.classes')}
      extra={
        can('class.add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('school.actions.addClass')}
          </Button>
        )
      }
    >
      <ClassFilters value={filter} onChange={setFilter} />
      {page.isError && !page.data ? (
        <LoadFailed error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <Table<ClassRecord>
          rowKey="id"
          size="middle"
          loading={page.isFetching}
          dataSource={page.data?.records ?? []}
          columns={columns}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState /> }}
          pagination={pagination(page.data?.total)}
        />
      )}
      {editing && (
        <ClassEditor
          key={editing.record?.id ?? 'new'}
          record={editing.record}
          onClose={() => setEditing(null)}
        />
      )}
      {archiving && <ArchiveClassDialog record={archiving} onClose={() => setArchiving(null)} />}
    </Card>
  );
}
