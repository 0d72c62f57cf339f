import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd';
import {
  reportStatuses,
  submitStatuses,
  teachingLimits,
  type OwnTask,
  type Page,
  type ReportStatus,
  type SubmitStatus,
} from '@platform/contract';
import { formatInstant } from '../../../shared/dates';
import { EmptyState, LoadFailed, LoadingState } from '../../../shared/ui/PageStates';
import { LightPager, LightSearch, LightSelect } from '../../../shared/ui/LightControls';
import { useContentLang } from '../../courses/study/api';
import { ProgressBar } from '../../courses/study/CourseCard';
import {
  myReportsQueryOptions,
  ownTasksQueryOptions,
  taskCoursesQueryOptions,
  type OwnTaskQuery,
} from './api';
import { useFilterParams } from './listState';
import { useTaskHref, useTaskNavigate } from './navigation';
import { RemainText, ReportStatusTag, StatusTags, TaskTimeText, TaskTypeTag } from './TaskParts';
import '../../courses/study/courses-study.css';
import './tasks-study.css';

const pageSize = teachingLimits.taskPageSize;

/** A filter's choices with their labels. */
const choices = <V extends string>(values: readonly V[], label: (value: V) => string) =>
  values.map((value) => ({ value, label: label(value) }));

interface ListFrameProps<T> {
  title: string;
  /** The list's filters and page in the address; the name search comes first. */
  list: {
    filters: { name?: string | undefined };
    pageNum: number;
    setFilter: (key: 'name', value: string | undefined) => void;
    setPage: (page: number) => void;
  };
  filters: ReactNode;
  page: UseQueryResult<Page<T>>;
  empty: string;
  children: (records: T[]) => ReactNode;
}

/** A list page: title, filters, the records (or loading, failure, nothing found) and paging. */
function ListFrame<T>({ title, list, filters, page, empty, children }: ListFrameProps<T>) {
  const { t } = useTranslation();
  let body;
  if (page.isPending) body = <LoadingState />;
  else if (page.isError)
    body = <LoadFailed error={page.error} onRetry={() => void page.refetch()} />;
  else if (page.data.records.length === 0) body = <EmptyState description={empty} />;
  else body = children(page.data.records);
  return (
    <section className="cs-panel">
      <h2 className="cs-panel__title">{title}</h2>
      <div className="cs-filters">
        <LightSearch
          placeholder={t('teaching.study.filters.name')}
          maxLength={teachingLimits.nameMax}
          width={220}
          defaultValue={list.filters.name}
          onSearch={(name) => list.setFilter('name', name)}
        />
        {filters}
      </div>
      {body}
      {page.data && page.data.total > 0 && (
        <LightPager
          current={list.pageNum}
          pageSize={pageSize}
          total={page.data.total}
          totalText={t('teaching.study.list.total', { total: page.data.total })}
          onChange={list.setPage}
        />
      )}
    </section>
  );
}

/** A task of the student's list: what it is, where it stands, and the way into it. */
function TaskCard({ task }: { task: OwnTask }) {
  const { t } = useTranslation();
  const href = useTaskHref()('info', task.id);
  const open = useTaskNavigate();
  return (
    <article className="cs-card ts-card">
      <header className="ts-card__head">
        <h3 className="ts-card__name" title={task.name}>
          <Link to={href}>{task.name}</Link>
        </h3>
        <TaskTypeTag taskType={task.taskType} />
      </header>
      <StatusTags task={task} />
      <dl className="ts-facts">
        <div>
          <dt>{t('teaching.study.fields.course')}</dt>
          <dd>{task.courseName}</dd>
        </div>
        <div>
          <dt>{t('teaching.study.fields.teacher')}</dt>
          <dd>{task.teacherName}</dd>
        </div>
        <div>
          <dt>{t('teaching.study.fields.time')}</dt>
          <dd>
            <TaskTimeText task={task} />
          </dd>
        </div>
      </dl>
      <ProgressBar
        percent={task.progress}
        label={t('teaching.study.fields.progress', { percent: task.progress })}
      />
      <footer className="ts-card__foot">
        <span className="ts-card__state">
          <RemainText task={task} />
          {task.score !== null && (
            <span className="ts-score">
              {t('teaching.study.fields.score', { score: task.score })}
            </span>
          )}
        </span>
        <Button type="primary" onClick={() => open('info', task.id)}>
          {t('teaching.study.actions.open')}
        </Button>
      </footer>
    </article>
  );
}

const taskFilters = {
  name: 'text',
  status: submitStatuses,
  courseId: 'text',
  isReport: ['1', '0'],
  taskType: ['0', '1'],
} as const;

/**
 * My tasks (platform spec §3): the student's tasks filtered by state, course, name, report and
 * type, ten a page, paged by the server; each opens its task info.
 */
export function MyTasks() {
  const { t } = useTranslation();
  const lang = useContentLang();
  const list = useFilterParams(taskFilters);
  const { filters, pageNum, setFilter } = list;
  const query: OwnTaskQuery = {
    pageNum,
    pageSize,
    name: filters.name,
    status: filters.status as SubmitStatus | undefined,
    courseId: filters.courseId,
    isReport: filters.isReport as '0' | '1' | undefined,
    taskType: filters.taskType === undefined ? undefined : Number(filters.taskType),
  };
  const page = useQuery(ownTasksQueryOptions(query, lang));
  const courses = useQuery(taskCoursesQueryOptions(lang));

  return (
    <ListFrame
      title={t('teaching.study.titles.myTasks')}
      page={page}
      empty={t('teaching.study.list.noTasks')}
      list={list}
      filters={
        <>
          <LightSelect
            placeholder={t('teaching.study.filters.status')}
            width={130}
            value={filters.status}
            onChange={(v) => setFilter('status', v)}
            options={choices(submitStatuses, (v) => t(`teaching.study.submitStatus.${v}`))}
          />
          <LightSelect
            placeholder={t('teaching.study.filters.course')}
            width={180}
            value={filters.courseId}
            onChange={(v) => setFilter('courseId', v)}
            options={courses.data ?? []}
          />
          <LightSelect
            placeholder={t('teaching.study.filters.isReport')}
            width={150}
            value={filters.isReport}
            onChange={(v) => setFilter('isReport', v)}
            options={[
              { value: '1', label: t('teaching.study.filters.withReport') },
              { value: '0', label: t('teaching.study.filters.withoutReport') },
            ]}
          />
          <LightSelect
            placeholder={t('teaching.study.filters.taskType')}
            width={130}
            value={filters.taskType}
            onChange={(v) => setFilter('taskType', v)}
            options={[
              { value: '0', label: t('teaching.study.taskTypes.training') },
              { value: '1', label: t('teaching.study.taskTypes.exam') },
            ]}
          />
        </>
      }
    >
      {(records) => (
        <div className="ts-grid">
          {records.map((task) => (
            <TaskCard key={task.id} task={task} />
          ))}
        </div>
      )}
    </ListFrame>
  );
}

const reportFilters = { name: 'text', status: reportStatuses } as const;

/** My reports: the student's lab reports by task, filtered by name and state; each opens. */
export function MyReports() {
  const { t } = useTranslation();
  const lang = useContentLang();
  const href = useTaskHref();
  const list = useFilterParams(reportFilters);
  const { filters, pageNum, setFilter } = list;
  const page = useQuery(
    myReportsQueryOptions(
      {
        pageNum,
        pageSize,
        name: filters.name,
        status: filters.status as ReportStatus | undefined,
      },
      lang,
    ),
  );

  return (
    <ListFrame
      title={t('teaching.study.titles.myReports')}
      page={page}
      empty={t('teaching.study.list.noReports')}
      list={list}
      filters={
        <>
          <LightSelect
            placeholder={t('teaching.study.filters.reportStatus')}
            width={150}
            value={filters.status}
            onChange={(v) => setFilter('status', v)}
            options={choices(reportStatuses, (v) => t(`teaching.study.reportStatus.${v}`))}
          />
        </>
      }
    >
      {(records) => (
        <ul className="ts-rows">
          {records.map((report) => (
            <li key={report.studentTaskId} className="ts-row">
              <div className="ts-row__main">
                <Link className="ts-row__name" to={href('report', report.studentTaskId)}>
                  {report.taskName}
                </Link>
                <span className="ts-muted">{report.courseName}</span>
              </div>
              <ReportStatusTag status={report.status} />
              <span className="ts-muted">
                {report.submittedAt
                  ? t('teaching.study.report.submittedAt', {
                      time: formatInstant(report.submittedAt),
                    })
                  : report.savedAt
                    ? t('teaching.study.report.savedAt', { time: formatInstant(report.savedAt) })
                    : t('teaching.study.report.notWritten')}
              </span>
              <span className="ts-muted">
                {t('teaching.study.report.length', {
                  count: report.length,
                  max: teachingLimits.reportMax,
                })}
              </span>
              {report.score !== null && (
                <span className="ts-score">
                  {t('teaching.study.fields.score', { score: report.score })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </ListFrame>
  );
}
