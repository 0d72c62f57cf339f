import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  Descriptions,
  Input,
  Popconfirm,
  Progress,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { StudentProgress, TaskDetail as Task, TaskStatus } from '@platform/contract';
import { formatTime } from '../../../shared/dates';
import { useCan } from '../../../shared/permissions/useCan';
import { toast } from '../../../shared/toast';
import { BackButton } from '../../../shared/ui/BackButton';
import { EmptyState } from '../../../shared/ui/PageStates';
import { RecordPage } from '../../../shared/ui/RecordPage';
import { actionsColumn, RowAction } from '../../../shared/ui/RowActions';
import { taskActionMutationOptions, taskDetailQueryOptions, type TaskAction } from './api';
import { ExtendDialog } from './ExtendDialog';
import {
  KindTag,
  MissingTask,
  StudentStateTags,
  TaskStatusTag,
  useSpan,
  useTaskTime,
} from './taskParts';
import { useTaskPaths } from './taskPaths';
import './teaching.css';

const open: readonly TaskStatus[] = ['not_started', 'ongoing', 'ended'];

/** A task (…/detail?id=): its summary, outline and every student's progress, with its actions. */
export function TaskDetail() {
  const { t } = useTranslation();
  return (
    <RecordPage
      optionsOf={taskDetailQueryOptions}
      missing={<MissingTask title={t('teaching.manage.titles.detail')} />}
    >
      {(task) => <DetailView task={task} />}
    </RecordPage>
  );
}

/** A button that asks first, runs one action on the task and says when it is done. */
function TaskActionButton({
  task,
  action,
  danger = false,
}: {
  task: Task;
  action: Exclude<TaskAction, 'delete'>;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  const run = useMutation(taskActionMutationOptions(action));
  return (
    <Popconfirm
      title={t(`teaching.manage.confirm.${action}`, { name: task.name })}
      okText={t(`teaching.manage.actions.${action}`)}
      cancelText={t('teaching.manage.actions.close')}
      okButtonProps={{ danger }}
      onConfirm={() =>
        run.mutate(task.id, { onSuccess: () => toast.success(t(`teaching.manage.done.${action}`)) })
      }
    >
      <Button danger={danger} loading={run.isPending}>
        {t(`teaching.manage.actions.${action}`)}
      </Button>
    </Popconfirm>
  );
}

function DetailView({ task }: { task: Task }) {
  const { t } = useTranslation();
  const can = useCan();
  const paths = useTaskPaths();
  const taskTime = useTaskTime();
  const [selected, setSelected] = useState<string[]>([]);
  const [extending, setExtending] = useState(false);
  const isOpen = open.includes(task.status);
  const issued = task.scoresIssuedAt !== null;

  const actions: ReactNode[] = [];
  if (can('task.edit') && isOpen)
    actions.push(
      <Button key="edit" icon={<EditOutlined />} onClick={() => paths.to('edit', task.id)}>
        {t('teaching.manage.actions.edit')}
      </Button>,
    );
  if (can('task.score') && isOpen && !issued)
    actions.push(<TaskActionButton key="issue" task={task} action="issueScores" />);
  if (can('task.archive') && task.status === 'ended')
    actions.push(<TaskActionButton key="archive" task={task} action="archive" />);
  if (can('task.edit') && (task.status === 'not_started' || task.status === 'ongoing'))
    actions.push(<TaskActionButton key="cancel" task={task} action="cancel" danger />);

  return (
    <Space className="teaching-page" orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={task.name}
        extra={
          <Space wrap>
            {actions}
            <BackButton fallback={paths.list}>{t('teaching.manage.actions.back')}</BackButton>
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label={t('teaching.manage.fields.status')}>
            <TaskStatusTag status={task.status} />
            {issued && <Tag color="success">{t('teaching.manage.hints.scoresIssued')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.kind')}>
            <KindTag kind={task.kind} />
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.course')}>
            {task.courseName}
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.class')}>
            {task.className ?? t('teaching.manage.hints.chosenStudents')}
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.teacher')}>
            {task.teacherName}
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.time')}>
            {taskTime(task)}
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.counts')}>
            {t('teaching.manage.hints.counts', {
              submitted: task.submittedCount,
              notSubmitted: task.notSubmittedCount,
              scored: task.scoredCount,
              students: task.studentCount,
            })}
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.createdAt')}>
            {formatTime(task.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.environments')}>
            {task.environments.length === 0
              ? t('teaching.manage.hints.none')
              : task.environments.map((env) => <Tag key={env.id}>{env.name}</Tag>)}
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.resources')}>
            {task.resources.length === 0
              ? t('teaching.manage.hints.none')
              : task.resources.map((r) => <Tag key={r.id}>{r.name}</Tag>)}
          </Descriptions.Item>
          <Descriptions.Item label={t('teaching.manage.fields.requirements')} span="filled">
            <Typography.Paragraph className="teaching-pre" style={{ marginBottom: 0 }}>
              {task.requirements || t('teaching.manage.hints.none')}
            </Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('teaching.manage.titles.outline')}>
        <Outline task={task} />
      </Card>
      <Card
        title={t('teaching.manage.titles.students')}
        extra={
          can('task.edit') &&
          isOpen &&
          !issued && (
            <Button disabled={selected.length === 0} onClick={() => setExtending(true)}>
              {t('teaching.manage.actions.extend')}
            </Button>
          )
        }
      >
        <StudentTable task={task} selected={selected} onSelect={setSelected} />
      </Card>
      {extending && (
        <ExtendDialog
          task={task}
          studentTaskIds={selected}
          onClose={() => {
            setExtending(false);
            setSelected([]);
          }}
        />
      )}
    </Space>
  );
}

function Outline({ task }: { task: Task }) {
  const { t } = useTranslation();
  if (task.chapters.length === 0) return <EmptyState />;
  return task.chapters.map((chapter) => (
    <section key={chapter.id} className="teaching-chapter">
      <Typography.Title level={5}>{chapter.name}</Typography.Title>
      {chapter.steps.map((step) => (
        <div key={step.id} className="teaching-step">
          <Tag>{t(`courses.manage.stepType.${step.type}`)}</Tag>
          <span>{step.name}</span>
        </div>
      ))}
    </section>
  ));
}

/** One mark per step of the task: done, scored by checks, or not yet. */
function StepMarks({ student, names }: { student: StudentProgress; names: Map<string, string> }) {
  const { t } = useTranslation();
  const done = student.steps.filter((s) => s.completed).length;
  return (
    <span
      className="teaching-marks"
      aria-label={t('teaching.manage.hints.stepsDone', { done, total: student.steps.length })}
    >
      {student.steps.map((step) => (
        <Tooltip key={step.stepId} title={names.get(step.stepId) ?? step.stepId}>
          <span
            className={`teaching-mark${step.completed ? ' teaching-mark--done' : ''}`}
            aria-hidden
          />
        </Tooltip>
      ))}
    </span>
  );
}

/** Each step of one student: done or not, its questions' score, its best check. */
function StepRows({ student, names }: { student: StudentProgress; names: Map<string, string> }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
      {student.steps.map((step) => (
        <Descriptions.Item key={step.stepId} label={names.get(step.stepId) ?? step.stepId}>
          <Space wrap size={4}>
            <Tag color={step.completed ? 'success' : 'default'}>
              {t(step.completed ? 'teaching.manage.hints.done' : 'teaching.manage.hints.notDone')}
            </Tag>
            {step.score !== null && t('teaching.manage.hints.questionScore', { score: step.score })}
            {step.checkMax > 0 &&
              t('teaching.manage.hints.checkScore', {
                score: step.checkScore ?? 0,
                max: step.checkMax,
              })}
          </Space>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

function StudentTable({
  task,
  selected,
  onSelect,
}: {
  task: Task;
  selected: string[];
  onSelect: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const paths = useTaskPaths();
  const span = useSpan();
  const [search, setSearch] = useState('');
  const names = new Map(task.chapters.flatMap((c) => c.steps.map((s) => [s.id, s.name])));
  const needle = search.trim().toLowerCase();
  const rows = task.students
    .filter(
      (s) =>
        !needle ||
        s.studentName.toLowerCase().includes(needle) ||
        s.username.toLowerCase().includes(needle),
    )
    .map((s) => ({ ...s, id: s.studentTaskId }));
  type Row = (typeof rows)[number];

  const columns: TableColumnsType<Row> = [
    { key: 'name', dataIndex: 'studentName', title: t('teaching.manage.fields.student') },
    { key: 'username', dataIndex: 'username', title: t('teaching.manage.fields.username') },
    {
      key: 'progress',
      title: t('teaching.manage.fields.progress'),
      render: (_, s) => <Progress percent={s.progress} size="small" style={{ width: 100 }} />,
    },
    {
      key: 'steps',
      title: t('teaching.manage.fields.steps'),
      render: (_, s) => <StepMarks student={s} names={names} />,
    },
    {
      key: 'autoScore',
      title: t('teaching.manage.fields.autoScore'),
      render: (_, s) => `${s.autoScore} / ${s.autoMax}`,
    },
    {
      key: 'score',
      title: t('teaching.manage.fields.score'),
      render: (_, s) => s.score ?? t('teaching.manage.hints.none'),
    },
    {
      key: 'states',
      title: t('teaching.manage.fields.states'),
      render: (_, s) => (
        <StudentStateTags submit={s.submitStatus} mark={s.markStatus} report={s.reportStatus} />
      ),
    },
    {
      key: 'used',
      title: t('teaching.manage.fields.used'),
      render: (_, s) => span(s.usedSeconds),
    },
    {
      key: 'remain',
      title: t('teaching.manage.fields.remain'),
      render: (_, s) => span(s.remainSeconds),
    },
    {
      key: 'lab',
      title: t('teaching.manage.fields.lab'),
      render: (_, s) =>
        s.labRunning ? (
          <Badge status="processing" text={t('teaching.manage.hints.labRunning')} />
        ) : (
          <Badge status="default" text={t('teaching.manage.hints.labStopped')} />
        ),
    },
    actionsColumn<Row>(t('teaching.manage.fields.actions'), (s) => (
      <RowAction onClick={() => paths.to('review', s.studentTaskId)}>
        {t('teaching.manage.actions.review')}
      </RowAction>
    )),
  ];

  return (
    <>
      <Input
        type="search"
        className="teaching-student-search"
        allowClear
        aria-label={t('teaching.manage.placeholders.student')}
        placeholder={t('teaching.manage.placeholders.student')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ maxWidth: 320, marginBottom: 12 }}
      />
      <Table<Row>
        rowKey="id"
        size="middle"
        dataSource={rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: true } : false}
        locale={{ emptyText: <EmptyState description={t('teaching.manage.hints.noStudents')} /> }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => onSelect(keys.map(String)),
        }}
        expandable={{
          expandedRowRender: (s) => <StepRows student={s} names={names} />,
          rowExpandable: (s) => s.steps.length > 0,
        }}
      />
    </>
  );
}
