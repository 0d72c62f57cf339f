import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Space, Tag, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  CheckCircleFilled,
  FileTextOutlined,
  InfoCircleOutlined,
  LeftOutlined,
  RightOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { labStepTypes, type OwnTaskDetail, type TaskStudyStep } from '@platform/contract';
import { EmptyState, QueryStates } from '../../../shared/ui/PageStates';
import { MissingId, RecordPage } from '../../../shared/ui/RecordPage';
import { useElementWidth } from '../../layout/useElementWidth';
import { useContentLang } from '../../courses/study/api';
import { CourseOutline } from '../../courses/study/CourseOutline';
import { StepContent } from '../../courses/study/StepViews';
import {
  ownTaskQueryOptions,
  reportInfoQueryOptions,
  taskStartMutationOptions,
  taskStepCalls,
  taskStepQueryOptions,
} from './api';
import { CheckPanel } from './CheckPanel';
import { useCountdown, type Countdown } from './countdown';
import { firstOpenStep, neighbours, outlineOf, useTaskHref, useTaskNavigate } from './navigation';
import { ReportPanel } from './ReportEditor';
import { SubmitTaskButton } from './SubmitTask';
import {
  CountdownText,
  isOpen,
  Requirements,
  StatusTags,
  TaskFacts,
  TeacherVerdict,
  timeUpText,
} from './TaskParts';
import '../../courses/study/courses-study.css';
import './tasks-study.css';

/** From this width the step list stays beside the step (except beside a lab); below, a drawer. */
const stepsBesideWidth = 960;

const isLab = (step: TaskStudyStep) => (labStepTypes as readonly string[]).includes(step.type);

/** The report of the task, written in place in its report step. */
function TaskReport({ studentTaskId, locked }: { studentTaskId: string; locked: boolean }) {
  const lang = useContentLang();
  const info = useQuery(reportInfoQueryOptions(studentTaskId, lang));
  return (
    <QueryStates query={info}>{(data) => <ReportPanel info={data} locked={locked} />}</QueryStates>
  );
}

function StepNavigation({ task, stepId }: { task: OwnTaskDetail; stepId: string }) {
  const { t } = useTranslation();
  const open = useTaskNavigate();
  const page = useDoPage();
  const { previous, next } = neighbours(task.chapterDTOS, stepId);
  return (
    <nav className="cs-study__nav">
      <Button
        icon={<LeftOutlined />}
        disabled={!previous}
        onClick={() => previous && open(page, task.id, previous)}
      >
        {t('teaching.study.actions.previous')}
      </Button>
      <Button type="primary" disabled={!next} onClick={() => next && open(page, task.id, next)}>
        {t('teaching.study.actions.next')}
        <RightOutlined />
      </Button>
    </nav>
  );
}

/** The step: its content by type in the task, with the task's checks and report. */
function TaskStep({
  step,
  task,
  countdown,
}: {
  step: TaskStudyStep;
  task: OwnTaskDetail;
  countdown: Countdown;
}) {
  const { t } = useTranslation();
  const calls = useMemo(() => taskStepCalls(task.id), [task.id]);
  const locked = step.locked || countdown.timeUp;
  return (
    <Card
      className="cs-study__main"
      title={
        <Space wrap size={8} className="cs-study__title">
          <Typography.Title level={4} className="cs-study__name">
            {step.name}
          </Typography.Title>
          <Tag>{t(`courses.study.stepTypes.${step.type}`)}</Tag>
          {step.progress.completed && (
            <Tag color="success" icon={<CheckCircleFilled />}>
              {t('teaching.study.do.completed')}
            </Tag>
          )}
        </Space>
      }
    >
      <div className="cs-study__content">
        <StepContent
          key={step.id}
          step={step}
          calls={calls}
          locked={locked}
          labExtra={<CheckPanel step={step} locked={locked} />}
          reportEditor={<TaskReport studentTaskId={task.id} locked={locked} />}
        />
      </div>
      <StepNavigation task={task} stepId={step.id} />
    </Card>
  );
}

/** The page the task is done on: the exam page when the address says so. */
function useDoPage() {
  return useLocation().pathname.endsWith('/exam') ? ('exam' as const) : ('task' as const);
}

/** Opens the task once on arrival, so that a duration's clock runs (answered quietly). */
function useOpenTask(task: OwnTaskDetail, countdown: Countdown) {
  const client = useQueryClient();
  const start = useMutation(taskStartMutationOptions(client));
  const opened = useRef<string | null>(null);
  const due = countdown.known && isOpen(task, countdown);
  const { mutate } = start;
  useEffect(() => {
    if (!due || opened.current === task.id) return;
    opened.current = task.id;
    mutate({ id: task.id, quiet: true });
  }, [due, task.id, mutate]);
}

function DoView({ task }: { task: OwnTaskDetail }) {
  const { t } = useTranslation();
  const lang = useContentLang();
  const href = useTaskHref();
  const open = useTaskNavigate();
  const page = useDoPage();
  const [params] = useSearchParams();
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const [panel, setPanel] = useState<'steps' | 'requirements' | 'detail' | null>(null);
  const countdown = useCountdown(task.teachingTaskId, task.id);
  useOpenTask(task, countdown);

  const stepId = task.contentHeld ? null : (params.get('step') ?? firstOpenStep(task.chapterDTOS));
  const step = useQuery(taskStepQueryOptions(task.id, stepId, lang));
  const beside = width !== null && width >= stepsBesideWidth && !(step.data && isLab(step.data));
  const outline = (
    <CourseOutline
      chapters={outlineOf(task.chapterDTOS)}
      currentStepId={stepId ?? undefined}
      label={t('teaching.study.do.steps')}
      stepHref={(id) => href(page, task.id, id)}
      onOpen={() => setPanel(null)}
    />
  );
  const exam = page === 'exam';

  return (
    <div ref={box} className="ts-do">
      <header className="ts-do__bar">
        <Button
          icon={<ArrowLeftOutlined />}
          aria-label={t('teaching.study.actions.toInfo')}
          onClick={() => open('info', task.id)}
        />
        <div className="ts-do__name">
          <Typography.Title level={3} className="ts-title" ellipsis={{ tooltip: task.name }}>
            {task.name}
          </Typography.Title>
          {exam && <Tag color="magenta">{t('teaching.study.taskTypes.exam')}</Tag>}
        </div>
        <CountdownText countdown={countdown} />
        <span className="ts-do__tools">
          {!beside && (
            <Button icon={<UnorderedListOutlined />} onClick={() => setPanel('steps')}>
              {t('teaching.study.do.steps')}
            </Button>
          )}
          <Button icon={<FileTextOutlined />} onClick={() => setPanel('requirements')}>
            {t('teaching.study.do.requirements')}
          </Button>
          <Button icon={<InfoCircleOutlined />} onClick={() => setPanel('detail')}>
            {t('teaching.study.do.detail')}
          </Button>
          <SubmitTaskButton task={task} countdown={countdown} />
        </span>
      </header>
      {countdown.timeUp && task.status === 'not_submitted' && (
        <Alert type="error" showIcon banner title={timeUpText()} />
      )}
      {exam && !countdown.timeUp && (
        <Alert type="info" showIcon banner title={t('teaching.study.do.examNote')} />
      )}
      <div className={`ts-do__body${beside ? ' cs-study--beside' : ''}`}>
        {beside && <aside className="cs-study__outline">{outline}</aside>}
        {stepId ? (
          <QueryStates query={step}>
            {(data) => <TaskStep step={data} task={task} countdown={countdown} />}
          </QueryStates>
        ) : (
          <Card>
            <EmptyState
              description={
                task.contentHeld
                  ? t(`teaching.study.held.${task.contentHeld}`)
                  : t('teaching.study.info.noSteps')
              }
            />
          </Card>
        )}
      </div>
      <Drawer
        open={panel === 'steps'}
        onClose={() => setPanel(null)}
        placement="left"
        title={t('teaching.study.do.steps')}
      >
        {outline}
      </Drawer>
      <Drawer
        open={panel === 'requirements'}
        onClose={() => setPanel(null)}
        title={t('teaching.study.do.requirements')}
      >
        <Requirements text={task.requirements} />
      </Drawer>
      <Drawer
        open={panel === 'detail'}
        onClose={() => setPanel(null)}
        title={t('teaching.study.do.detail')}
        size="large"
      >
        <Space orientation="vertical" size={16} className="cs-block">
          <StatusTags task={task} />
          <TaskFacts task={task} countdown={countdown} />
          <TeacherVerdict score={task.score} comment={task.comment} issued={task.scoresIssued} />
        </Space>
      </Drawer>
    </div>
  );
}

/**
 * Doing a task (`?id=` of the student task, `&step=` of a step), full screen: the step list
 * beside the step (a drawer on narrow screens), a bar with the task's name, its countdown, its
 * requirements and detail, and the way back to the task info. At the end of the time the
 * answers lock and "Task time has run out" is shown.
 */
export function TaskDo() {
  const { t } = useTranslation();
  const lang = useContentLang();
  const open = useTaskNavigate();
  return (
    <RecordPage
      optionsOf={(id) => ownTaskQueryOptions(id, lang)}
      missing={
        <MissingId
          title={t('teaching.study.titles.myTasks')}
          text={t('teaching.study.info.missingId')}
          backText={t('teaching.study.actions.back')}
          onBack={() => open('list')}
        />
      }
    >
      {(data) => <DoView task={data} />}
    </RecordPage>
  );
}
