import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  Col,
  Collapse,
  Descriptions,
  Modal,
  Progress,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { DesktopOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { RichDocument } from '@platform/rich-text';
import type { StudentTaskReview } from '@platform/contract';
import { formatInstant, formatTime } from '../../../shared/dates';
import { BackButton } from '../../../shared/ui/BackButton';
import { EmptyState } from '../../../shared/ui/PageStates';
import { RecordPage } from '../../../shared/ui/RecordPage';
import { RichTextView } from '../../../shared/ui/RichTextView';
import { FileBrowser } from '../../labs/FileBrowser';
import {
  labWatchMutationOptions,
  studentLabFiles,
  taskDetailQueryOptions,
  taskStudentQueryOptions,
} from './api';
import { CheckAttempts, QuestionList } from './reviewParts';
import { ReportReturnButton, ScoreForm } from './ScoreForm';
import { MissingTask, StudentStateTags, useSpan } from './taskParts';
import { useTaskPaths } from './taskPaths';
import './teaching.css';

/**
 * One student's task for scoring (…/review?id= of the student task): answers, checks, the
 * report, commands and lab usage, the score and comment, and the way to the other students.
 */
export function TaskReview() {
  const { t } = useTranslation();
  return (
    <RecordPage
      optionsOf={taskStudentQueryOptions}
      missing={<MissingTask title={t('teaching.manage.titles.review')} />}
    >
      {(review) => <ReviewView key={review.progress.studentTaskId} review={review} />}
    </RecordPage>
  );
}

/** The previous and next students of the task, in the order of its detail. */
function StudentSteps({ review }: { review: StudentTaskReview }) {
  const { t } = useTranslation();
  const paths = useTaskPaths();
  const task = useQuery(taskDetailQueryOptions(review.taskId));
  const ids = (task.data?.students ?? []).map((s) => s.studentTaskId);
  const at = ids.indexOf(review.progress.studentTaskId);
  const previous = at > 0 ? ids[at - 1] : undefined;
  const next = at >= 0 && at < ids.length - 1 ? ids[at + 1] : undefined;
  return (
    <>
      <Button
        icon={<LeftOutlined />}
        disabled={!previous}
        onClick={() => previous && paths.to('review', previous)}
      >
        {t('teaching.manage.actions.previous')}
      </Button>
      <Button
        icon={<RightOutlined />}
        iconPlacement="end"
        disabled={!next}
        onClick={() => next && paths.to('review', next)}
      >
        {t('teaching.manage.actions.next')}
      </Button>
    </>
  );
}

/** A read-only view of the student's running lab terminal, in a dialog. */
function WatchButton({ studentTaskId, title }: { studentTaskId: string; title: string }) {
  const { t } = useTranslation();
  const watch = useMutation(labWatchMutationOptions());
  const [url, setUrl] = useState<string | null>(null);
  return (
    <>
      <Button
        icon={<DesktopOutlined />}
        loading={watch.isPending}
        onClick={() => watch.mutate(studentTaskId, { onSuccess: (answer) => setUrl(answer.url) })}
      >
        {t('teaching.manage.actions.watch')}
      </Button>
      {url && (
        <Modal
          open
          width={1000}
          title={t('teaching.manage.titles.watch', { name: title })}
          footer={null}
          onCancel={() => setUrl(null)}
          destroyOnHidden
        >
          <Typography.Paragraph type="secondary">
            {t('teaching.manage.hints.watchReadOnly')}
          </Typography.Paragraph>
          <iframe className="teaching-watch" title={title} src={url} />
        </Modal>
      )}
    </>
  );
}

function ReviewView({ review }: { review: StudentTaskReview }) {
  const { t } = useTranslation();
  const paths = useTaskPaths();
  const span = useSpan();
  const p = review.progress;

  return (
    <Space className="teaching-page" orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={`${p.studentName} · ${review.taskName}`}
        extra={
          <Space wrap>
            <StudentSteps review={review} />
            {review.lab && (
              <WatchButton
                studentTaskId={p.studentTaskId}
                title={`${p.studentName} · ${review.lab.envName}`}
              />
            )}
            <BackButton fallback={paths.list}>{t('teaching.manage.actions.back')}</BackButton>
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label={t('teaching.manage.fields.username')}>
            {p.username}
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.states')}>
            <StudentStateTags submit={p.submitStatus} mark={p.markStatus} report={p.reportStatus} />
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.progress')}>
            <Progress percent={p.progress} size="small" style={{ width: 140 }} />
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.autoScore')}>
            {`${p.autoScore} / ${p.autoMax}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.score')}>
            {p.score ?? t('teaching.manage.hints.none')}
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.submittedAt')}>
            {formatTime(p.submittedAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.used')}>
            {span(p.usedSeconds)}
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.remain')}>
            {span(p.remainSeconds)}
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.lab')}>
            {review.lab ? (
              <Badge status="processing" text={review.lab.envName} />
            ) : (
              <Badge status="default" text={t('teaching.manage.hints.labStopped')} />
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Card
              title={t('teaching.manage.titles.report')}
              extra={<ReportReturnButton review={review} />}
            >
              <ReportSection review={review} />
            </Card>
            <Card title={t('teaching.manage.titles.steps')}>
              <StepSections review={review} />
            </Card>
            {(review.kind === 'exam' || review.commands.length > 0) && (
              <Card title={t('teaching.manage.titles.commands')}>
                <CommandHistory review={review} />
              </Card>
            )}
            <Card title={t('teaching.manage.titles.labUsage')}>
              <LabUsage review={review} />
            </Card>
            <Card title={t('teaching.manage.titles.labFiles')}>
              <LabFiles review={review} />
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={9}>
          <Card title={t('teaching.manage.titles.score')}>
            <ScoreForm review={review} />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}

function ReportSection({ review }: { review: StudentTaskReview }) {
  const { t } = useTranslation();
  const report = review.report;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Tag>{t(`teaching.manage.report.${report.status}`)}</Tag>
        <Typography.Text type="secondary">
          {t('teaching.manage.hints.reportLength', { length: report.length })}
        </Typography.Text>
        {report.submittedAt && (
          <Typography.Text type="secondary">
            {t('teaching.manage.hints.submittedAt', {
              time: formatTime(report.submittedAt),
            })}
          </Typography.Text>
        )}
      </Space>
      {report.content ? (
        <RichTextView doc={report.content as unknown as RichDocument} />
      ) : (
        <EmptyState description={t('teaching.manage.hints.noReport')} />
      )}
    </>
  );
}

function StepSections({ review }: { review: StudentTaskReview }) {
  const { t } = useTranslation();
  if (review.steps.length === 0) return <EmptyState />;
  return (
    <Collapse
      items={review.steps.map((step) => ({
        key: step.id,
        label: (
          <Space wrap size={4}>
            <Tag>{t(`courses.manage.stepType.${step.type}`)}</Tag>
            <span>{step.name}</span>
            <Tag color={step.completed ? 'success' : 'default'}>
              {t(step.completed ? 'teaching.manage.hints.done' : 'teaching.manage.hints.notDone')}
            </Tag>
          </Space>
        ),
        children: (
          <>
            {step.questions.length > 0 && <QuestionList questions={step.questions} />}
            {step.checkAttempts.length > 0 && <CheckAttempts attempts={step.checkAttempts} />}
            {step.questions.length === 0 && step.checkAttempts.length === 0 && (
              <Typography.Text type="secondary">
                {t('teaching.manage.hints.nothingToReview')}
              </Typography.Text>
            )}
          </>
        ),
      }))}
    />
  );
}

function CommandHistory({ review }: { review: StudentTaskReview }) {
  const { t } = useTranslation();
  if (review.commands.length === 0)
    return <EmptyState description={t('teaching.manage.hints.noCommands')} />;
  return (
    <ol className="teaching-commands" aria-label={t('teaching.manage.titles.commands')}>
      {review.commands.map((c, i) => (
        <li key={i}>
          <time dateTime={c.at}>{formatInstant(c.at)}</time>
          <span>{c.line}</span>
        </li>
      ))}
    </ol>
  );
}

/** The student's lab homes of the task's environments they have used, read-only. */
function LabFiles({ review }: { review: StudentTaskReview }) {
  const { t } = useTranslation();
  const used = new Map(review.labUsage.map((u) => [u.envId, u.envName]));
  if (review.lab) used.set(review.lab.envId, review.lab.envName);
  const envs = [...used].map(([value, label]) => ({ value, label }));
  const [chosen, setChosen] = useState<string | null>(null);
  const envId = envs.some((e) => e.value === chosen) ? chosen! : envs[0]?.value;
  if (!envId) return <EmptyState description={t('teaching.manage.hints.noLabFiles')} />;
  const studentTaskId = review.progress.studentTaskId;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        {t('teaching.manage.hints.labFilesReadOnly')}
      </Typography.Text>
      {envs.length > 1 && (
        <Select
          aria-label={t('teaching.manage.fields.environment')}
          value={envId}
          onChange={setChosen}
          options={envs}
          style={{ minWidth: 220 }}
        />
      )}
      <FileBrowser key={envId} source={studentLabFiles(studentTaskId, envId)} />
    </Space>
  );
}

function LabUsage({ review }: { review: StudentTaskReview }) {
  const { t } = useTranslation();
  const span = useSpan();
  const rows = review.labUsage.map((u, i) => ({ ...u, id: `${u.envId}-${i}` }));
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      locale={{ emptyText: <EmptyState description={t('teaching.manage.hints.noLabUsage')} /> }}
      columns={[
        { key: 'env', dataIndex: 'envName', title: t('teaching.manage.fields.environment') },
        {
          key: 'startedAt',
          title: t('teaching.manage.fields.labStarted'),
          render: (_, u) => formatTime(u.startedAt),
        },
        {
          key: 'stoppedAt',
          title: t('teaching.manage.fields.labStopped'),
          render: (_, u) =>
            u.stoppedAt ? formatTime(u.stoppedAt) : t('teaching.manage.hints.labRunning'),
        },
        {
          key: 'seconds',
          title: t('teaching.manage.fields.labTime'),
          render: (_, u) => span(u.seconds),
        },
      ]}
    />
  );
}
