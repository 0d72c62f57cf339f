import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import { formatMessage, type OwnTaskDetail } from '@platform/contract';
import { apiLanguage } from '../../../shared/i18n';
import { EmptyState } from '../../../shared/ui/PageStates';
import { formatBytes } from '../../labs/format';
import { useContentLang } from '../../courses/study/api';
import { CourseOutline } from '../../courses/study/CourseOutline';
import { Section } from '../../courses/study/Section';
import { ownTaskQueryOptions, taskStartMutationOptions } from './api';
import { useCountdown, type Countdown } from './countdown';
import { SubmitTaskButton } from './SubmitTask';
import {
  doPageOf,
  firstOpenStep,
  outlineOf,
  stepsOf,
  useTaskHref,
  useTaskNavigate,
} from './navigation';
import {
  HeldNote,
  isOpen,
  RecordCard,
  Requirements,
  StatusTags,
  TaskFacts,
  TaskTypeTag,
  TeacherVerdict,
} from './TaskParts';
import '../../courses/study/courses-study.css';
import './tasks-study.css';

/** Start, continue or review: opens the task (its clock starts) at the first step not done. */
function StartButton({ task, countdown }: { task: OwnTaskDetail; countdown: Countdown }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const open = useTaskNavigate();
  const start = useMutation(taskStartMutationOptions(client));
  const step = firstOpenStep(task.chapterDTOS);
  const page = doPageOf(task.taskType);
  const working = isOpen(task, countdown);
  const begun = task.progress > 0 || task.usedSeconds > 0;
  const notStarted = task.taskStatus === 'not_started';
  const label = notStarted ? 'start' : !working ? 'review' : begun ? 'continue' : 'start';
  // An exam shows its steps once started; until then there is no step to go to yet.
  const startable = task.contentHeld === 'not_started' && working;
  const go = () => {
    if (!working) open(page, task.id, step ?? undefined);
    else start.mutate({ id: task.id }, { onSuccess: () => open(page, task.id, step ?? undefined) });
  };
  return (
    <Button
      type="primary"
      size="large"
      disabled={(!step && !startable) || notStarted || task.taskStatus === 'canceled'}
      title={notStarted ? formatMessage('teaching.not_started', apiLanguage()) : undefined}
      loading={start.isPending}
      onClick={go}
    >
      {t(`teaching.study.actions.${label}`)}
    </Button>
  );
}

function InfoView({ task }: { task: OwnTaskDetail }) {
  const { t } = useTranslation();
  const href = useTaskHref();
  const open = useTaskNavigate();
  const countdown = useCountdown(task.teachingTaskId, task.id);
  const page = doPageOf(task.taskType);
  const hasSteps = stepsOf(task.chapterDTOS).length > 0;
  return (
    <>
      <Space orientation="vertical" size={12} className="cs-block">
        <Space wrap size={8} align="center">
          <Typography.Title level={2} className="ts-title">
            {task.name}
          </Typography.Title>
          <TaskTypeTag taskType={task.taskType} />
        </Space>
        <StatusTags task={task} />
        {countdown.timeUp && task.taskStatus === 'ongoing' && (
          <Alert type="warning" showIcon title={t('teaching.study.time.timeUpNote')} />
        )}
        <HeldNote task={task} />
        <TaskFacts task={task} countdown={countdown} />
        <TeacherVerdict score={task.score} comment={task.comment} issued={task.scoresIssued} />
        <Space wrap>
          <StartButton task={task} countdown={countdown} />
          {task.isReport && (
            <Button
              size="large"
              icon={<FileTextOutlined />}
              onClick={() => open('report', task.id)}
            >
              {t('teaching.study.actions.report')}
            </Button>
          )}
          <SubmitTaskButton task={task} countdown={countdown} size="large" />
        </Space>
      </Space>
      <Section title={t('teaching.study.info.requirements')}>
        <Requirements text={task.requirements} />
      </Section>
      <Section title={t('teaching.study.info.outline')}>
        {task.contentHeld ? (
          <EmptyState description={t(`teaching.study.held.${task.contentHeld}`)} />
        ) : hasSteps ? (
          <CourseOutline
            chapters={outlineOf(task.chapterDTOS)}
            label={t('teaching.study.info.outline')}
            stepHref={(stepId) => href(page, task.id, stepId)}
          />
        ) : (
          <EmptyState description={t('teaching.study.info.noSteps')} />
        )}
      </Section>
      {task.environmentDTOS.length > 0 && (
        <Section title={t('teaching.study.info.environments')}>
          <Space wrap>
            {task.environmentDTOS.map((env) => (
              <Tag key={env.id} color="geekblue">
                {env.name}
              </Tag>
            ))}
          </Space>
        </Section>
      )}
      <Section title={t('teaching.study.info.resources')}>
        {task.contentHeld ? (
          <EmptyState description={t(`teaching.study.held.${task.contentHeld}`)} />
        ) : task.resources.length > 0 ? (
          <ul className="ts-rows">
            {task.resources.map((resource) => (
              <li key={resource.id} className="ts-row">
                <div className="ts-row__main">
                  <span className="ts-row__name">{resource.name}</span>
                  <span className="ts-muted">{formatBytes(resource.size)}</span>
                </div>
                <Button icon={<DownloadOutlined />} href={resource.url} download={resource.name}>
                  {t('teaching.study.actions.download')}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState description={t('teaching.study.info.noResources')} />
        )}
      </Section>
    </>
  );
}

/**
 * Task info (`?id=` of the student task): requirements, steps with their marks, environments,
 * resources, the time left counting down, the teacher's comment and score once issued, and the
 * ways into the task and its report.
 */
export function TaskInfo() {
  const { t } = useTranslation();
  const lang = useContentLang();
  return (
    <RecordCard
      back="list"
      missing={t('teaching.study.info.missingId')}
      optionsOf={(id) => ownTaskQueryOptions(id, lang)}
    >
      {(data) => <InfoView task={data} />}
    </RecordCard>
  );
}
