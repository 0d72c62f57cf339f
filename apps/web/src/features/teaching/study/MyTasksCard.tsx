import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { EmptyState, LoadFailed, LoadingState } from '../../../shared/ui/PageStates';
import { useContentLang } from '../../courses/study/api';
import { myTaskQueryOptions } from './api';
import { useTaskHref } from './navigation';
import { RemainText, TaskTimeText, TaskTypeTag } from './TaskParts';
import './tasks-study.css';

/** The student's tasks on the workbench: how many in each state, and what is due soonest. */
export function MyTasksCard() {
  const { t } = useTranslation();
  const lang = useContentLang();
  const mine = useQuery(myTaskQueryOptions(lang));
  const href = useTaskHref();
  const all = <Link to={href('list')}>{t('teaching.study.workbench.all')}</Link>;
  let body;
  if (mine.isPending) body = <LoadingState />;
  else if (mine.isError)
    body = <LoadFailed error={mine.error} onRetry={() => void mine.refetch()} />;
  else {
    const d = mine.data;
    const counts = [
      ['not_submitted', d.notSubmitted],
      ['submitted', d.submitted],
      ['completed', d.completed],
    ] as const;
    body = (
      <>
        <ul className="my-tasks__counts">
          {counts.map(([status, n]) => (
            <li key={status}>
              <Link to={`${href('list')}?status=${status}`}>
                <strong>{n}</strong>
                <span>{t(`teaching.study.submitStatus.${status}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
        <h3 className="my-tasks__due-title">{t('teaching.study.workbench.dueSoon')}</h3>
        {d.dueSoon.length === 0 ? (
          <EmptyState description={t('teaching.study.workbench.nothingDue')} />
        ) : (
          <ul className="my-tasks__due">
            {d.dueSoon.map((task) => (
              <li key={task.id}>
                <TaskTypeTag taskType={task.taskType} />
                <Link to={href('info', task.id)}>{task.name}</Link>
                <span className="my-tasks__when">
                  <TaskTimeText task={task} /> · <RemainText task={task} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }
  return (
    <Card title={t('teaching.study.titles.myTasks')} extra={all}>
      {body}
    </Card>
  );
}
