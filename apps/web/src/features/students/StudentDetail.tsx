import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import type { StudentDetail as StudentRecord } from '@platform/contract';
import { EmptyState, QueryStates } from '../../shared/ui/PageStates';
import { useCan } from '../../shared/permissions/useCan';
import { formatTime } from '../../shared/dates';
import { useAreaNavigate, useIdParam } from '../../shared/areaNavigation';
import { BackButton } from '../../shared/ui/BackButton';
import { StatusTag, sexText, studentPaths } from './accountParts';
import { studentQueryOptions } from './api';
import { ResetPasswordDialog } from './ResetPasswordDialog';

/** One student (school/students/detail?id=), read-only, with edit and password reset. */
export function StudentDetail() {
  const { t } = useTranslation();
  const id = useIdParam();
  const student = useQuery({ ...studentQueryOptions(id ?? ''), enabled: id !== null });

  const backButton = (
    <BackButton fallback={studentPaths.list}>{t('students.actions.back')}</BackButton>
  );
  if (id === null)
    return (
      <Card title={t('students.titles.detail')} extra={backButton}>
        <EmptyState description={t('students.detail.missingId')} />
      </Card>
    );
  return (
    <QueryStates query={student}>
      {(s) => <StudentCard student={s} backButton={backButton} />}
    </QueryStates>
  );
}

function StudentCard({
  student: s,
  backButton,
}: {
  student: StudentRecord;
  backButton: ReactNode;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const go = useAreaNavigate();
  const [resetting, setResetting] = useState(false);
  const none = t('students.account.none');

  return (
    <Card
      title={t('students.titles.detail')}
      extra={
        <Space wrap>
          {can('student.edit') && (
            <Button onClick={() => go(studentPaths.edit, `?id=${s.id}`)}>
              {t('students.actions.edit')}
            </Button>
          )}
          {can('student.reset_password') && (
            <Button onClick={() => setResetting(true)}>
              {t('students.actions.resetPassword')}
            </Button>
          )}
          {backButton}
        </Space>
      }
    >
      <Descriptions
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'stuNo', label: t('students.fields.stuNo'), children: s.stuNo ?? none },
          { key: 'name', label: t('students.fields.name'), children: s.name },
          { key: 'username', label: t('students.fields.username'), children: s.username },
          { key: 'sex', label: t('students.fields.sex'), children: sexText(t, s.sex) },
          {
            key: 'class',
            label: t('students.fields.class'),
            children: (
              <>
                {s.className ?? none}{' '}
                {s.classArchived && <Tag>{t('students.hints.archivedClass')}</Tag>}
              </>
            ),
          },
          { key: 'phone', label: t('students.fields.phone'), children: s.phone || none },
          {
            key: 'status',
            label: t('students.fields.status'),
            children: <StatusTag status={s.status} />,
          },
          {
            key: 'lastLoginAt',
            label: t('students.fields.lastLoginAt'),
            children: s.lastLoginAt ? formatTime(s.lastLoginAt) : t('students.hints.neverSignedIn'),
          },
          {
            key: 'createdAt',
            label: t('students.fields.createdAt'),
            children: formatTime(s.createdAt),
          },
          {
            key: 'updatedAt',
            label: t('students.fields.updatedAt'),
            children: formatTime(s.updatedAt),
          },
        ]}
      />
      {resetting && <ResetPasswordDialog student={s} onClose={() => setResetting(false)} />}
    </Card>
  );
}
