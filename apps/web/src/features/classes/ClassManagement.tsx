import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Space, type TableColumnsType, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ClassRecord } from '@platform/contract';
import { toast } from '../../shared/toast';
import { PageTable } from '../../shared/ui/PageTable';
import { actionsColumn, ConfirmAction, RowAction } from '../../shared/ui/RowActions';
import { useCan } from '../../shared/permissions/useCan';
import { useFilteredPage } from '../../shared/usePaging';
import { formatInstant } from '../../shared/dates';
import { classDeleteMutationOptions, classPageQueryOptions } from './api';
import { ArchiveClassDialog } from './ArchiveClassDialog';
import { ClassEditor } from './ClassEditor';
import { ClassFilters } from './ClassFilters';

/**
 * The school's classes (admin/classes): a server-paged, filtered table with add and edit
 * dialogs, delete (refused by the server while the class holds students) and archive.
 */
export function ClassManagement() {
  const { t } = useTranslation();
  const can = useCan();
  const { filter, set, page, pagination } = useFilteredPage(
    (total) => t('classes.values.total', { total }),
    classPageQueryOptions,
  );
  const remove = useMutation(classDeleteMutationOptions());
  // null: closed; { record: undefined }: adding.
  const [editing, setEditing] = useState<{ record?: ClassRecord } | null>(null);
  const [archiving, setArchiving] = useState<ClassRecord | null>(null);

  const columns: TableColumnsType<ClassRecord> = [
    { key: 'name', dataIndex: 'name', title: t('classes.fields.className') },
    { key: 'grade', dataIndex: 'grade', title: t('classes.fields.grade') },
    {
      key: 'majors',
      title: t('classes.fields.majors'),
      render: (_, r) => (
        <Space size={[0, 4]} wrap>
          {r.majors.map((m) => (
            <Tag key={m.id}>{m.name}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'students', dataIndex: 'studentCount', title: t('classes.fields.students') },
    {
      key: 'status',
      title: t('classes.fields.classStatus'),
      render: (_, r) =>
        r.archived ? (
          <Tag>{t('classes.values.archived')}</Tag>
        ) : (
          <Tag color="green">{t('classes.values.inUse')}</Tag>
        ),
    },
    {
      key: 'createdAt',
      title: t('classes.fields.createdAt'),
      render: (_, r) => formatInstant(r.createdAt),
    },
    actionsColumn<ClassRecord>(
      t('classes.fields.actions'),
      (r) => (
        <>
          {can('class.edit') && !r.archived && (
            <RowAction onClick={() => setEditing({ record: r })}>
              {t('classes.actions.edit')}
            </RowAction>
          )}
          {can('class.archive') && !r.archived && (
            <RowAction danger onClick={() => setArchiving(r)}>
              {t('classes.actions.archive')}
            </RowAction>
          )}
          {can('class.delete') && (
            <ConfirmAction
              title={t('classes.confirm.deleteClass', { name: r.name })}
              okText={t('classes.actions.ok')}
              cancelText={t('classes.actions.cancel')}
              onConfirm={() =>
                // A refusal (students in the class) is toasted by the request layer.
                remove.mutate(r.id, { onSuccess: () => toast.success(t('classes.done.deleted')) })
              }
              disabled={remove.isPending}
            >
              {t('classes.actions.delete')}
            </ConfirmAction>
          )}
        </>
      ),
      { wrap: true },
    ),
  ];

  return (
    <Card
      title={t('classes.titles.classes')}
      extra={
        can('class.add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('classes.actions.addClass')}
          </Button>
        )
      }
    >
      <ClassFilters value={filter} set={set} />
      <PageTable<ClassRecord> page={page} pagination={pagination} columns={columns} />
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
