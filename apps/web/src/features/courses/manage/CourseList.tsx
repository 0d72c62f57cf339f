import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { CourseSummary } from '@platform/contract';
import { useFilteredPage } from '../../../shared/usePaging';
import { useCan } from '../../../shared/permissions/useCan';
import { toast } from '../../../shared/toast';
import { PageTable } from '../../../shared/ui/PageTable';
import { ConfirmAction, RowAction } from '../../../shared/ui/RowActions';
import { failureText } from '../../students/accountParts';
import { courseDeleteMutationOptions, coursePageQueryOptions } from './api';
import { useCourseColumns } from './courseParts';
import { CourseFilters } from './CourseFilters';
import { useCoursePaths } from './coursePaths';
import { TransferDialog } from './TransferDialog';

/**
 * The school's course list for its administrators: filtered and paged on the server, with add,
 * edit, detail, transfer to another teacher and delete.
 */
export function CourseList() {
  const { t } = useTranslation();
  const can = useCan();
  const paths = useCoursePaths();
  const [transferring, setTransferring] = useState<CourseSummary | null>(null);
  const remove = useMutation(courseDeleteMutationOptions());
  const { filter, set, page, pagination } = useFilteredPage(
    (total) => t('courses.manage.hints.total', { total }),
    coursePageQueryOptions,
  );

  const deleteCourse = (course: CourseSummary) =>
    remove.mutateAsync(course.id).then(
      () => toast.success(t('courses.manage.done.deleted')),
      (error: unknown) => toast.error(failureText(t, 'delete', error)),
    );

  const columns = useCourseColumns((course) => (
    <>
      <RowAction onClick={() => paths.to('detail', course.id)}>
        {t('courses.manage.actions.detail')}
      </RowAction>
      {course.editable && can('course.edit') && (
        <RowAction onClick={() => paths.to('edit', course.id)}>
          {t('courses.manage.actions.edit')}
        </RowAction>
      )}
      {course.editable && course.schoolId !== null && can('course.transfer') && (
        <RowAction onClick={() => setTransferring(course)}>
          {t('courses.manage.actions.transfer')}
        </RowAction>
      )}
      {can('course.delete') && (
        <ConfirmAction
          title={t('courses.manage.confirm.delete', { name: course.name })}
          okText={t('courses.manage.actions.delete')}
          cancelText={t('courses.manage.actions.cancel')}
          onConfirm={() => deleteCourse(course)}
        >
          {t('courses.manage.actions.delete')}
        </ConfirmAction>
      )}
    </>
  ));

  return (
    <Card
      title={t('courses.manage.titles.list')}
      extra={
        can('course.add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => paths.to('add')}>
            {t('courses.manage.actions.add')}
          </Button>
        )
      }
    >
      <CourseFilters value={filter} set={set} />
      <PageTable<CourseSummary> page={page} pagination={pagination} columns={columns} />
      {transferring && (
        <TransferDialog
          key={transferring.id}
          course={transferring}
          onClose={() => setTransferring(null)}
        />
      )}
    </Card>
  );
}
