import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { TaskStatus, TaskSummary } from '@platform/contract';
import { useCan } from '../../../shared/permissions/useCan';
import { toast } from '../../../shared/toast';
import { useFilteredPage } from '../../../shared/usePaging';
import { PageTable } from '../../../shared/ui/PageTable';
import { actionsColumn, ConfirmAction, RowAction } from '../../../shared/ui/RowActions';
import { taskActionMutationOptions, taskPageQueryOptions } from './api';
import { KindTag, TaskStatusTag, useTaskTime } from './taskParts';
import { useTaskPaths } from './taskPaths';
import './teaching.css';
import { TaskFilters } from './TaskFilters';

const cancelable: readonly TaskStatus[] = ['not_started', 'ongoing'];
const deletable: readonly TaskStatus[] = ['not_started', 'canceled', 'archived'];
const editable: readonly TaskStatus[] = ['not_started', 'ongoing', 'ended'];

/**
 * Teaching tasks (teachers' `teaching/tasks`, school administrators' `school/tasks`): filtered
 * and paged on the server, with detail, edit, cancel, delete and a new task.
 */
export function TaskList() {
  const { t } = useTranslation();
  const can = useCan();
  const paths = useTaskPaths();
  const taskTime = useTaskTime();
  const cancel = useMutation(taskActionMutationOptions('cancel'));
  const remove = useMutation(taskActionMutationOptions('delete'));
  const { filter, set, page, pagination } = useFilteredPage(
    (total) => t('teaching.manage.hints.total', { total }),
    taskPageQueryOptions,
  );

  const confirmed = (action: 'cancel' | 'delete', task: TaskSummary) => (
    <ConfirmAction
      title={t(`teaching.manage.confirm.${action}`, { name: task.name })}
      okText={t(`teaching.manage.actions.${action}`)}
      cancelText={t('teaching.manage.actions.close')}
      onConfirm={() =>
        (action === 'cancel' ? cancel : remove).mutateAsync(task.id).then(
          () => toast.success(t(`teaching.manage.done.${action}`)),
          () => undefined,
        )
      }
    >
      {t(`teaching.manage.actions.${action}`)}
    </ConfirmAction>
  );

  const columns: TableColumnsType<TaskSummary> = [
    { key: 'name', dataIndex: 'name', title: t('teaching.manage.fields.name') },
    {
      key: 'kind',
      title: t('teaching.manage.fields.kind'),
      render: (_, task) => <KindTag kind={task.kind} />,
    },
    { key: 'course', dataIndex: 'courseName', title: t('teaching.manage.fields.course') },
    {
      key: 'class',
      title: t('teaching.manage.fields.class'),
      render: (_, task) => task.className ?? t('teaching.manage.hints.chosenStudents'),
    },
    { key: 'teacher', dataIndex: 'teacherName', title: t('teaching.manage.fields.teacher') },
    {
      key: 'time',
      title: t('teaching.manage.fields.time'),
      render: (_, task) => taskTime(task),
    },
    {
      key: 'status',
      title: t('teaching.manage.fields.status'),
      render: (_, task) => <TaskStatusTag status={task.status} />,
    },
    {
      key: 'counts',
      title: t('teaching.manage.fields.counts'),
      render: (_, task) =>
        t('teaching.manage.hints.counts', {
          submitted: task.submittedCount,
          notSubmitted: task.notSubmittedCount,
          scored: task.scoredCount,
          students: task.studentCount,
        }),
    },
    actionsColumn<TaskSummary>(t('teaching.manage.fields.actions'), (task) => (
      <>
        <RowAction onClick={() => paths.to('detail', task.id)}>
          {t('teaching.manage.actions.detail')}
        </RowAction>
        {can('task.edit') && editable.includes(task.status) && (
          <RowAction onClick={() => paths.to('edit', task.id)}>
            {t('teaching.manage.actions.edit')}
          </RowAction>
        )}
        {can('task.edit') && cancelable.includes(task.status) && confirmed('cancel', task)}
        {can('task.delete') && deletable.includes(task.status) && confirmed('delete', task)}
      </>
    )),
  ];

  return (
    <Card
      className="teaching-page"
      title={t('teaching.manage.titles.list')}
      extra={
        can('task.add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => paths.to('add')}>
            {t('teaching.manage.actions.add')}
          </Button>
        )
      }
    >
      <TaskFilters value={filter} set={set} />
      <PageTable<TaskSummary> page={page} pagination={pagination} columns={columns} />
    </Card>
  );
}
