import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import type {
  MarkStatus,
  ReportStatus,
  SubmitStatus,
  TaskKind,
  TaskStatus,
  TaskSummary,
} from '@platform/contract';
import { formatInstant } from '../../../shared/dates';
import { MissingId } from '../../../shared/ui/RecordPage';
import { useTaskPaths } from './taskPaths';

/** Parts every task page shares: state tags, the task's time, spans of time, a missing id. */

const taskStatusColors: Record<TaskStatus, string> = {
  not_started: 'default',
  ongoing: 'processing',
  ended: 'warning',
  archived: 'purple',
  canceled: 'default',
  deleted: 'error',
};
const submitColors: Record<SubmitStatus, string> = {
  not_submitted: 'default',
  submitted: 'processing',
  completed: 'success',
};
const markColors: Record<MarkStatus, string> = {
  unmarked: 'default',
  marked: 'processing',
  issued: 'success',
};
const reportColors: Record<ReportStatus, string> = {
  none: 'default',
  draft: 'warning',
  submitted: 'processing',
  returned: 'error',
};

export function TaskStatusTag({ status }: { status: TaskStatus }) {
  const { t } = useTranslation();
  return <Tag color={taskStatusColors[status]}>{t(`teaching.manage.status.${status}`)}</Tag>;
}

export function KindTag({ kind }: { kind: TaskKind }) {
  const { t } = useTranslation();
  return <Tag color={kind === 'exam' ? 'red' : 'blue'}>{t(`teaching.manage.kind.${kind}`)}</Tag>;
}

/** A student's submission, marking and report states as three tags. */
export function StudentStateTags({
  submit,
  mark,
  report,
}: {
  submit: SubmitStatus;
  mark: MarkStatus;
  report: ReportStatus;
}) {
  const { t } = useTranslation();
  return (
    <span className="teaching-tags">
      <Tag color={submitColors[submit]}>{t(`teaching.manage.submit.${submit}`)}</Tag>
      <Tag color={markColors[mark]}>{t(`teaching.manage.mark.${mark}`)}</Tag>
      <Tag color={reportColors[report]}>{t(`teaching.manage.report.${report}`)}</Tag>
    </span>
  );
}

/** A span of seconds in hours and minutes; none is '—'. */
export function useSpan() {
  const { t } = useTranslation();
  return (seconds: number | null | undefined) => {
    if (seconds === null || seconds === undefined) return t('teaching.manage.hints.none');
    const minutes = Math.max(0, Math.floor(seconds / 60));
    const hours = Math.floor(minutes / 60);
    return hours > 0
      ? t('teaching.manage.hints.hoursMinutes', { hours, minutes: minutes % 60 })
      : t('teaching.manage.hints.minutes', { minutes });
  };
}

/** A task's time: its duration per student, or its start and end. */
export function useTaskTime() {
  const { t } = useTranslation();
  return (task: Pick<TaskSummary, 'timeType' | 'durationMinutes' | 'startAt' | 'endAt'>) =>
    task.timeType === 'duration'
      ? t('teaching.manage.hints.duration', { minutes: task.durationMinutes ?? 0 })
      : `${formatInstant(task.startAt)} ~ ${task.endAt ? formatInstant(task.endAt) : ''}`;
}

/** A task page opened without its `?id=`: says so and leads back to the list. */
export function MissingTask({ title }: { title: string }) {
  const { t } = useTranslation();
  const paths = useTaskPaths();
  return (
    <MissingId
      title={title}
      text={t('teaching.manage.hints.missingId')}
      backText={t('teaching.manage.actions.back')}
      onBack={paths.toList}
    />
  );
}
