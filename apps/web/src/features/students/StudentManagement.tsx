import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, type TableColumnsType } from 'antd';
import { ImportOutlined, PlusOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import type { Student, StudentDetail } from '@platform/contract';
import { FilterBar, SearchFilter } from '../../shared/ui/Filters';
import { PageTable } from '../../shared/ui/PageTable';
import { actionsColumn, RowAction } from '../../shared/ui/RowActions';
import { useCan } from '../../shared/permissions/useCan';
import { useFilteredPage } from '../../shared/usePaging';
import { useAreaNavigate } from '../../shared/areaNavigation';
import { ExportStudentsButton } from '../imports/ExportStudentsButton';
import { StudentImportDialog } from '../imports/StudentImportDialog';
import { sexText, StatusFilter, studentPaths, useAccountStateColumns } from './accountParts';
import { studentEnableMutationOptions, studentKeys, studentPageQueryOptions } from './api';
import { ClassSelect } from './ClassSelect';
import { ResetPasswordDialog } from './ResetPasswordDialog';

/** Students of the school (school/students): a server-paged, filtered table with actions. */
export function StudentManagement() {
  const { t } = useTranslation();
  const can = useCan();
  const go = useAreaNavigate();
  const { filter, set, page, pagination } = useFilteredPage(
    (total) => t('students.account.total', { total }),
    studentPageQueryOptions,
  );
  const [resetting, setResetting] = useState<Student | null>(null);
  const [importing, setImporting] = useState(false);
  const client = useQueryClient();

  const search = (key: 'name' | 'stuNo' | 'phone', placeholder: string, maxLength: number) => (
    <SearchFilter
      placeholder={placeholder}
      maxLength={maxLength}
      width={190}
      onSearch={(value) => set(key, value)}
    />
  );

  const stateColumns = useAccountStateColumns<Student, StudentDetail>(
    studentEnableMutationOptions(),
    can('student.enable'),
    'students.fields',
  );

  const columns: TableColumnsType<Student> = [
    { key: 'stuNo', dataIndex: 'stuNo', title: t('students.fields.stuNo') },
    { key: 'name', dataIndex: 'name', title: t('students.fields.name') },
    {
      key: 'sex',
      dataIndex: 'sex',
      title: t('students.fields.sex'),
      render: (sex: number | null) => sexText(t, sex),
    },
    {
      key: 'className',
      dataIndex: 'className',
      title: t('students.fields.class'),
      render: (name: string | null) => name ?? t('students.account.none'),
    },
    {
      key: 'phone',
      dataIndex: 'phone',
      title: t('students.fields.phone'),
      render: (phone: string | null) => phone || t('students.account.none'),
    },
    ...stateColumns,
    actionsColumn<Student>(t('students.fields.actions'), (student) => (
      <>
        <RowAction onClick={() => go(studentPaths.detail, `?id=${student.id}`)}>
          {t('students.actions.detail')}
        </RowAction>
        {can('student.edit') && (
          <RowAction onClick={() => go(studentPaths.edit, `?id=${student.id}`)}>
            {t('students.actions.edit')}
          </RowAction>
        )}
        {can('student.reset_password') && (
          <RowAction onClick={() => setResetting(student)}>
            {t('students.actions.resetPassword')}
          </RowAction>
        )}
      </>
    )),
  ];

  return (
    <Card
      title={t('students.titles.list')}
      extra={
        <Space wrap>
          {can('student.add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => go(studentPaths.add)}>
              {t('students.actions.add')}
            </Button>
          )}
          {can('student.batch_create') && (
            <Button icon={<UsergroupAddOutlined />} onClick={() => go(studentPaths.newAccount)}>
              {t('students.actions.newAccount')}
            </Button>
          )}
          {can('student.import') && (
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
              {t('students.actions.import')}
            </Button>
          )}
          {can('student.export') && <ExportStudentsButton filters={filter} />}
        </Space>
      }
    >
      <FilterBar>
        {search('name', t('students.placeholders.name'), 30)}
        {search('stuNo', t('students.placeholders.stuNo'), 30)}
        {search('phone', t('students.placeholders.phone'), 11)}
        <ClassSelect
          withArchived
          allowClear
          aria-label={t('students.placeholders.allClasses')}
          placeholder={t('students.placeholders.allClasses')}
          style={{ width: 200 }}
          value={filter.classId}
          onChange={(classId) => set('classId', classId)}
        />
        <StatusFilter
          width={150}
          value={filter.status}
          onChange={(status) => set('status', status)}
        />
      </FilterBar>
      <PageTable<Student> page={page} pagination={pagination} columns={columns} />
      {can('student.import') && (
        <StudentImportDialog
          open={importing}
          onClose={() => setImporting(false)}
          onImported={() => void client.invalidateQueries({ queryKey: studentKeys.all })}
        />
      )}
      {resetting && (
        <ResetPasswordDialog
          key={resetting.id}
          student={resetting}
          onClose={() => setResetting(null)}
        />
      )}
    </Card>
  );
}
