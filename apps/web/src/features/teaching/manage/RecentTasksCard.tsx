import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { areaPath } from '../../../shared/permissions/menuRoutes';
import { EmptyState, LoadFailed, LoadingState } from '../../../shared/ui/PageStates';
import { taskPageQueryOptions } from './api';
import { KindTag, TaskStatusTag, useTaskTime } from './taskParts';
import './teaching.css';

const RECENT = 5;

/**
 * The latest teaching tasks on the workbench of a teacher or school administrator, each leading
 * to its detail under the task list at `listPath` (the list of the user's menu).
 */
export function RecentTasksCard({ schUrl, listPath }: { schUrl: string; listPath: string }) {
  const { t } = useTranslation();
  const taskTime = useTaskTime();
  const page = useQuery(taskPageQueryOptions({ pageNum: 1, pageSize: RECENT }));
  const list = areaPath(schUrl, listPath);
  let body;
  if (page.isPending) body = <LoadingState />;
  else if (page.isError)
    body = <LoadFailed error={page.error} onRetry={() => void page.refetch()} />;
  else if (page.data.records.length === 0)
    body = <EmptyState description={t('teaching.manage.workbench.none')} />;
  else
    body = (
      <ul className="recent-tasks">
        {page.data.records.map((task) => (
          <li key={task.id}>
            <KindTag kind={task.kind} />
            <Link to={`${list}/detail?id=${task.id}`}>{task.name}</Link>
            <TaskStatusTag status={task.status} />
            <span className="recent-tasks__meta">
              {[task.courseName, task.className, taskTime(task)].filter(Boolean).join(' · ')}
              {' · '}
              {t('teaching.manage.workbench.submitted', {
                submitted: task.submittedCount,
                total: task.studentCount,
              })}
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <Card
      title={t('teaching.manage.workbench.title')}
      extra={<Link to={list}>{t('teaching.manage.workbench.all')}</Link>}
    >
      {body}
    </Card>
  );
}
