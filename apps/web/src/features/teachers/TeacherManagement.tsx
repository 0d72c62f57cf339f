import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { teacherRoles, type Teacher } from '@platform/contract';
import { FilterBar, SearchFilter, SelectFilter } from '../../shared/ui/Filters';
import { PageTable } from '../../shared/ui/PageTable';
import { actionsColumn, RowAction } from '../../shared/ui/RowActions';
import { useCan } from '../../shared/permissions/useCan';
import { useFilteredPage } from '../../shared/usePaging';
import { sexText, StatusFilter, useAccountStateColumns } from '../students/accountParts';
import { teacherEnableMutationOptions, teacherPageQueryOptions, type TeacherFilter } from './api';
import { TeacherDeleteDialog } from './TeacherDeleteDialog';
import { TeacherDialog } from './TeacherDialog';

/** Teachers of the school (school/teachers): a server-paged, filtered table with actions. */
export function TeacherManagement() {
  const { t } = useTranslation();
  const can = useCan();
  const { filter, set, page, pagination } = useFilteredPage(
    (total) => t('students.account.total', { total }),
    teacherPageQueryOptions,
  );
  // null: closed; { teacher: undefined }: adding.
  const [editing, setEditing] = useState<{ teacher?: Teacher } | null>(null);
  const [deleting, setDeleting] = useState<Teacher | null>(null);

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
          actionsColumn<Teacher>(t('teachers.fields.actions'), (teacher) => (
            <>
              {canEdit && (
                <RowAction onClick={() => setEditing({ teacher })}>
                  {t('teachers.actions.edit')}
                </RowAction>
              )}
              {canDelete && (
                <RowAction danger onClick={() => setDeleting(teacher)}>
                  {t('teachers.actions.delete')}
                </RowAction>
              )}
            </>
          )),
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
      <FilterBar>
        <SearchFilter
          placeholder={t('teachers.placeholders.name')}
          maxLength={30}
          width={200}
          onSearch={(name) => set('name', name)}
        />
        <SearchFilter
          placeholder={t('teachers.placeholders.phone')}
          maxLength={11}
          width={200}
          onSearch={(phone) => set('phone', phone)}
        />
        <SelectFilter<NonNullable<TeacherFilter['role']>>
          placeholder={t('teachers.placeholders.allRoles')}
          width={160}
          value={filter.role}
          onChange={(role) => set('role', role)}
          options={teacherRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        />
        <StatusFilter
          width={160}
          value={filter.status}
          onChange={(status) => set('status', status)}
        />
      </FilterBar>
      <PageTable<Teacher> page={page} pagination={pagination} columns={columns} />
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
