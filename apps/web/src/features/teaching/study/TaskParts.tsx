import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Tag, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import {
  formatMessage,
  studentTaskTypes,
  type OwnTask,
  type OwnTaskDetail,
  type ReportStatus,
  type StudentTaskType,
  type SubmitStatus,
  type TaskStatus,
} from '@platform/contract';
import { formatInstant } from '../../../shared/dates';
import { apiLanguage } from '../../../shared/i18n';
import { BackButton } from '../../../shared/ui/BackButton';
import { EmptyState } from '../../../shared/ui/PageStates';
import { RecordPage } from '../../../shared/ui/RecordPage';
import { ProgressBar } from '../../courses/study/CourseCard';
import { useClockText, type Countdown } from './countdown';
import { taskPages } from './navigation';

const taskStatusColors: Record<TaskStatus, string> = {
  not_started: 'default',
  ongoing: 'processing',
  ended: 'warning',
  archived: 'default',
  canceled: 'error',
  deleted: 'error',
};
const submitColors: Record<SubmitStatus, string> = {
  not_submitted: 'orange',
  submitted: 'blue',
  completed: 'green',
};
export const reportColors: Record<ReportStatus, string> = {
  none: 'default',
  draft: 'gold',
  submitted: 'blue',
  returned: 'red',
};

export function TaskTypeTag({ taskType }: { taskType: StudentTaskType }) {
  const { t } = useTranslation();
  const exam = taskType === studentTaskTypes.exam;
  return (
    <Tag color={exam ? 'magenta' : 'geekblue'}>
      {t(`teaching.study.taskTypes.${exam ? 'exam' : 'training'}`)}
    </Tag>
  );
}

export function ReportStatusTag({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={reportColors[status]}>
      {t('teaching.study.reportStatus.label', {
        status: t(`teaching.study.reportStatus.${status}`),
      })}
    </Tag>
  );
}

/** The task's state, the student's submission and, with a report step, the report's state. */
export function StatusTags({
  task,
}: {
  task: Pick<OwnTask, 'taskStatus' | 'status' | 'isReport' | 'reportStatus'>;
}) {
  const { t } = useTranslation();
  return (
    <span className="ts-tags">
      <Tag color={taskStatusColors[task.taskStatus]}>
        {t(`teaching.study.taskStatus.${task.taskStatus}`)}
      </Tag>
      <Tag color={submitColors[task.status]}>{t(`teaching.study.submitStatus.${task.status}`)}</Tag>
      {task.isReport && <ReportStatusTag status={task.reportStatus} />}
    </span>
  );
}

/** When the task runs: its start and end, or the minutes each student has. */
export function TaskTimeText({
  task,
}: {
  task: Pick<OwnTask, 'timeType' | 'startAt' | 'endAt' | 'durationMinutes'>;
}) {
  const { t } = useTranslation();
  if (task.timeType === 'duration')
    return <>{t('teaching.study.time.duration', { minutes: task.durationMinutes ?? 0 })}</>;
  return (
    <>
      {t('teaching.study.time.range', {
        start: formatInstant(task.startAt),
        end: task.endAt ? formatInstant(task.endAt) : '—',
      })}
    </>
  );
}

/** "Task time has run out", in the words of the server's message. */
export function timeUpText(): string {
  return formatMessage('teaching.time_up', apiLanguage());
}

/** The time left as a list shows it, without ticking: a task's pages count it down. */
export function RemainText({
  task,
}: {
  task: Pick<OwnTask, 'remainSeconds' | 'taskStatus' | 'status'>;
}) {
  const { t } = useTranslation();
  const clock = useClockText();
  if (task.taskStatus !== 'ongoing' || task.status !== 'not_submitted') return null;
  if (task.remainSeconds === null)
    return <span className="ts-muted">{t('teaching.study.time.notTiming')}</span>;
  if (task.remainSeconds <= 0) return <span className="ts-time-up">{timeUpText()}</span>;
  return (
    <span className="ts-remain">
      {t('teaching.study.time.remain', { time: clock(task.remainSeconds) })}
    </span>
  );
}

/**
 * The countdown of a task's pages: ticking each second while the clock runs, "time has run out"
 * at 0. `labelled` where a label beside it already says "time left": the clock alone.
 */
export function CountdownText({
  countdown,
  labelled = false,
}: {
  countdown: Countdown;
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  const clock = useClockText();
  if (countdown.timeUp)
    return (
      <span className="ts-countdown ts-countdown--up" role="status">
        <ClockCircleOutlined aria-hidden="true" /> {timeUpText()}
      </span>
    );
  if (countdown.seconds === null) return null;
  const time = clock(countdown.seconds);
  if (!countdown.running)
    return (
      <span className="ts-countdown ts-countdown--still">
        <ClockCircleOutlined aria-hidden="true" /> {t('teaching.study.time.notRunning', { time })}
      </span>
    );
  const urgent = countdown.seconds < 300;
  return (
    <span
      className={`ts-countdown${urgent ? ' ts-countdown--urgent' : ''}`}
      aria-label={t('teaching.study.time.remainLabel')}
      role="timer"
    >
      <ClockCircleOutlined aria-hidden="true" />{' '}
      {labelled ? time : t('teaching.study.time.remain', { time })}
    </span>
  );
}

/** The task can still be worked on: it runs, the student has not submitted, time is left. */
export function isOpen(task: OwnTaskDetail, countdown: Countdown): boolean {
  return task.taskStatus === 'ongoing' && task.status === 'not_submitted' && !countdown.timeUp;
}

/** Why an exam's steps and resources are not shown now (decision 0040). */
export function HeldNote({ task }: { task: Pick<OwnTaskDetail, 'contentHeld'> }) {
  const { t } = useTranslation();
  if (!task.contentHeld) return null;
  return <Alert type="info" showIcon title={t(`teaching.study.held.${task.contentHeld}`)} />;
}

/** What the teacher gave back: the score once issued, and the comment. */
export function TeacherVerdict({
  score,
  comment,
  issued,
}: {
  score: number | null;
  comment: string;
  issued: boolean;
}) {
  const { t } = useTranslation();
  if (!issued && !comment) return null;
  return (
    <Alert
      type={issued ? 'success' : 'info'}
      showIcon
      title={
        issued && score !== null
          ? t('teaching.study.fields.score', { score })
          : t('teaching.study.info.comment')
      }
      description={comment ? t('teaching.study.info.commentText', { comment }) : undefined}
    />
  );
}

/** What stands for the time left while no clock runs: why it does not. */
function untimedKey(task: OwnTaskDetail) {
  if (task.taskStatus !== 'ongoing') return `teaching.study.taskStatus.${task.taskStatus}` as const;
  if (task.status !== 'not_submitted') return `teaching.study.submitStatus.${task.status}` as const;
  return 'teaching.study.time.notTiming' as const;
}

/** The facts of a task: course, teacher, time, what is left of it, progress and scores. */
export function TaskFacts({ task, countdown }: { task: OwnTaskDetail; countdown: Countdown }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      className="ts-task-facts"
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      items={[
        { key: 'course', label: t('teaching.study.fields.course'), children: task.courseName },
        { key: 'teacher', label: t('teaching.study.fields.teacher'), children: task.teacherName },
        {
          key: 'time',
          label: t('teaching.study.fields.time'),
          children: <TaskTimeText task={task} />,
        },
        {
          key: 'remain',
          label: t('teaching.study.time.remainLabel'),
          children:
            countdown.timeUp || countdown.seconds !== null ? (
              <CountdownText countdown={countdown} labelled />
            ) : (
              t(untimedKey(task))
            ),
        },
        {
          key: 'progress',
          label: t('teaching.study.fields.progressLabel'),
          children: (
            <ProgressBar
              percent={task.progress}
              label={t('teaching.study.fields.progress', { percent: task.progress })}
            />
          ),
        },
        {
          key: 'auto',
          label: t('teaching.study.fields.autoScore'),
          children:
            task.autoScore === null
              ? t('teaching.study.fields.autoScoreHeld')
              : `${task.autoScore} / ${task.autoMax}`,
        },
      ]}
    />
  );
}

/** The teacher's requirements of a task, as written. */
export function Requirements({ text }: { text: string }) {
  const { t } = useTranslation();
  return text ? (
    <Typography.Paragraph className="ts-requirements">{text}</Typography.Paragraph>
  ) : (
    <Typography.Text type="secondary">{t('teaching.study.info.noRequirements')}</Typography.Text>
  );
}

/** A task or report page by its `?id=`, in a card with the way back to its list. */
export function RecordCard<T, K extends QueryKey>({
  back,
  missing,
  optionsOf,
  children,
}: {
  back: 'list' | 'reports';
  missing: string;
  optionsOf: (id: string) => UseQueryOptions<T, Error, T, K>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card
      title={<BackButton fallback={taskPages[back]}>{t('teaching.study.actions.back')}</BackButton>}
    >
      <RecordPage optionsOf={optionsOf} missing={<EmptyState description={missing} />}>
        {children}
      </RecordPage>
    </Card>
  );
}
