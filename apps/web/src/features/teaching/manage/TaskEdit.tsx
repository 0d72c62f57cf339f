import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Space,
  Tree,
  type TreeDataNode,
} from 'antd';
import {
  orderChapters,
  orderSteps,
  taskKinds,
  taskSaveSchema,
  teachingLimits,
  timeTypes,
  type CourseDetail,
  type TaskDetail,
} from '@platform/contract';
import { useBack, useIdParam } from '../../../shared/areaNavigation';
import { toast } from '../../../shared/toast';
import { BackButton } from '../../../shared/ui/BackButton';
import { DateTimeField } from '../../../shared/ui/DateFields';
import { EmptyState, LoadingState, QueryStates } from '../../../shared/ui/PageStates';
import { setFieldErrors, zodPathRules, type FieldPath } from '../../../shared/zodForm';
import { courseDetailQueryOptions } from '../../courses/manage/api';
import { ClassSelect } from '../../students/ClassSelect';
import { failureText } from '../../students/accountParts';
import { taskDetailQueryOptions, taskSaveMutationOptions } from './api';
import { CourseSelect, StudentPicker } from './selects';
import {
  initialValues,
  taskMessages,
  taskSaveErrors,
  toBody,
  targets,
  type TaskField,
  type TaskValues,
} from './taskForm';
import type { teachingManageZh } from './locales';
import { useTaskPaths } from './taskPaths';
import './teaching.css';

/** A new task (…/add) or a task's changes (…/edit?id=). */
export function TaskEdit() {
  const id = useIdParam();
  const task = useQuery({ ...taskDetailQueryOptions(id ?? ''), enabled: id !== null });
  if (id === null) return <TaskForm />;
  return <QueryStates query={task}>{(data) => <TaskForm key={data.id} task={data} />}</QueryStates>;
}

const chapterPrefix = 'chapter:';

function TaskForm({ task }: { task?: TaskDetail }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TaskValues>();
  const paths = useTaskPaths();
  const back = useBack(paths.list);
  const save = useMutation(taskSaveMutationOptions());
  const [modal, contextHolder] = Modal.useModal();
  const messages = useMemo(() => taskMessages(t), [t]);
  const courseId = Form.useWatch('courseId', form);
  const target = Form.useWatch('target', form) ?? initialValues(task).target;
  const timeType = Form.useWatch('timeType', form) ?? initialValues(task).timeType;
  const course = useQuery({ ...courseDetailQueryOptions(courseId ?? ''), enabled: !!courseId });
  /** A course just chosen, whose steps, environments and resources are all offered at first. */
  const [fillFor, setFillFor] = useState<string | null>(null);
  const stepsLocked = task !== undefined && task.status !== 'not_started';

  useEffect(() => {
    const c = course.data;
    if (!c || c.id !== fillFor) return;
    form.setFieldsValue({
      stepIds: c.chapters.flatMap((chapter) => chapter.steps.map((s) => s.id)),
      envIds: c.environments.map((e) => e.id),
      resourceIds: c.resources.map((r) => r.id),
    });
    setFillFor(null);
  }, [course.data, fillFor, form]);

  const choices = {
    kind: taskKinds.map((v) => ({ value: v, label: t(`teaching.manage.kind.${v}`) })),
    target: targets.map((v) => ({ value: v, label: t(`teaching.manage.target.${v}`) })),
    timeType: timeTypes.map((v) => ({ value: v, label: t(`teaching.manage.timeType.${v}`) })),
  };

  const rules = (path: TaskField, field: TaskField = path) =>
    zodPathRules(taskSaveSchema, [path] as FieldPath, { toBody, overrides: messages[field] });
  /**
   * A required field checked by the contract's schema at `path` (its own by default), with the
   * fields its check depends on.
   */
  const checked = (
    name: TaskField,
    label: keyof typeof teachingManageZh.fields,
    dependencies: (keyof TaskValues)[] = [],
    path: TaskField = name,
  ) => ({
    name,
    label: t(`teaching.manage.fields.${label}`),
    required: true,
    dependencies,
    rules: rules(path, name),
  });

  const submit = async (values: TaskValues) => {
    const parsed = taskSaveSchema.safeParse(toBody(values));
    if (!parsed.success) return;
    try {
      const saved = await save.mutateAsync({ ...parsed.data, ...(task ? { id: task.id } : {}) });
      toast.success(t(task ? 'teaching.manage.done.saved' : 'teaching.manage.done.issued'));
      // The task's page takes the form's place, so Back leaves for where the form was opened.
      paths.to('detail', saved.id, { replace: true });
    } catch (error) {
      setFieldErrors(form, taskSaveErrors(error, values.target, messages));
      toast.error(failureText(t, task ? 'update' : 'add', error));
    }
  };

  /**
   * Every submission, by the button or by Enter in any input, asks before a new task is issued:
   * its students see it at once.
   */
  const confirmIssue = (values: TaskValues) => {
    if (task) return void submit(values);
    void modal.confirm({
      title: t('teaching.manage.actions.issue'),
      content: t('teaching.manage.confirm.issue', { name: values.name }),
      okText: t('teaching.manage.actions.ok'),
      cancelText: t('teaching.manage.actions.close'),
      onOk: () => submit(values),
    });
  };

  return (
    <Card
      className="teaching-page"
      title={t(task ? 'teaching.manage.titles.edit' : 'teaching.manage.titles.add')}
      extra={<BackButton fallback={paths.list}>{t('teaching.manage.actions.back')}</BackButton>}
    >
      {contextHolder}
      <Form<TaskValues>
        form={form}
        name={task ? `task-edit-${task.id}` : 'task-add'}
        layout="vertical"
        style={{ maxWidth: 960 }}
        disabled={save.isPending}
        initialValues={initialValues(task)}
        onFinish={(values) => confirmIssue({ ...form.getFieldsValue(true), ...values })}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item {...checked('name', 'name')}>
              <Input maxLength={teachingLimits.nameMax + 10} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item {...checked('kind', 'kind')}>
              <Radio.Group options={choices.kind} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item {...checked('courseId', 'course')}>
          <CourseSelect
            aria-label={t('teaching.manage.fields.course')}
            disabled={task !== undefined}
            current={task ? { id: task.courseId, name: task.courseName } : undefined}
            onChange={(id) => {
              form.setFieldsValue({ stepIds: [], envIds: [], resourceIds: [] });
              setFillFor(id);
            }}
          />
        </Form.Item>
        <CourseParts
          courseId={courseId}
          course={course}
          stepsLocked={stepsLocked}
          stepRules={rules('stepIds')}
        />
        <Form.Item name="target" label={t('teaching.manage.fields.target')}>
          <Radio.Group options={choices.target} />
        </Form.Item>
        {target === 'class' ? (
          <Form.Item key="class" {...checked('classId', 'class', ['target'])}>
            <ClassSelect aria-label={t('teaching.manage.fields.class')} />
          </Form.Item>
        ) : (
          <Form.Item key="students" {...checked('studentIds', 'students', ['target'], 'classId')}>
            <StudentPicker aria-label={t('teaching.manage.fields.students')} />
          </Form.Item>
        )}
        <Form.Item name="timeType" label={t('teaching.manage.fields.timeType')}>
          <Radio.Group options={choices.timeType} />
        </Form.Item>
        {timeType === 'duration' ? (
          <Form.Item
            key="duration"
            {...checked('durationMinutes', 'duration', ['timeType'])}
            extra={t('teaching.manage.hints.durationHint')}
          >
            <InputNumber
              aria-label={t('teaching.manage.fields.duration')}
              style={{ width: 200 }}
              suffix={t('teaching.manage.hints.minutesUnit')}
            />
          </Form.Item>
        ) : (
          <Row key="range" gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item {...checked('startAt', 'startAt', ['timeType'])}>
                <DateTimeField />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...checked('endAt', 'endAt', ['timeType', 'startAt'])}>
                <DateTimeField />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Form.Item
          name="requirements"
          label={t('teaching.manage.fields.requirements')}
          rules={rules('requirements')}
        >
          <Input.TextArea rows={4} maxLength={teachingLimits.requirementsMax} showCount />
        </Form.Item>
        <Form.Item label={null}>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t(task ? 'teaching.manage.actions.save' : 'teaching.manage.actions.issue')}
            </Button>
            <Button onClick={back}>{t('teaching.manage.actions.close')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** What the chosen course offers: its steps as a tree, its environments and its resources. */
function CourseParts({
  courseId,
  course,
  stepsLocked,
  stepRules,
}: {
  courseId: string | undefined;
  course: UseQueryResult<CourseDetail>;
  stepsLocked: boolean;
  stepRules: ReturnType<typeof zodPathRules>;
}) {
  const { t } = useTranslation();
  if (!courseId) return null;
  if (course.isPending) return <LoadingState />;
  if (course.isError)
    return <Alert type="error" showIcon title={t('teaching.manage.hints.courseFailed')} />;
  const c = course.data;
  const treeData: TreeDataNode[] = orderChapters(c.chapters, (ch) => ch.name).map((chapter) => ({
    key: `${chapterPrefix}${chapter.id}`,
    title: chapter.name,
    disableCheckbox: chapter.steps.length === 0,
    children: orderSteps(chapter.steps, (s) => s.name).map((step) => ({
      key: step.id,
      title: `${step.name} · ${t(`courses.manage.stepType.${step.type}`)}`,
    })),
  }));
  return (
    <>
      <Form.Item
        name="stepIds"
        label={t('teaching.manage.fields.steps')}
        required
        rules={stepRules}
        extra={stepsLocked ? t('teaching.manage.hints.stepsLocked') : undefined}
      >
        <StepTree treeData={treeData} disabled={stepsLocked} />
      </Form.Item>
      <Form.Item name="envIds" label={t('teaching.manage.fields.environments')}>
        {c.environments.length === 0 ? (
          <EmptyState description={t('teaching.manage.hints.noEnvironments')} />
        ) : (
          <Checkbox.Group options={c.environments.map((e) => ({ value: e.id, label: e.name }))} />
        )}
      </Form.Item>
      <Form.Item name="resourceIds" label={t('teaching.manage.fields.resources')}>
        {c.resources.length === 0 ? (
          <EmptyState description={t('teaching.manage.hints.noResources')} />
        ) : (
          <Checkbox.Group options={c.resources.map((r) => ({ value: r.id, label: r.name }))} />
        )}
      </Form.Item>
    </>
  );
}

/** The course's chapters and steps, checkable; the value is the checked steps' ids. */
function StepTree({
  treeData,
  value,
  onChange,
  disabled,
}: {
  treeData: TreeDataNode[];
  value?: string[];
  onChange?: (ids: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  if (treeData.length === 0) return <EmptyState description={t('teaching.manage.hints.noSteps')} />;
  return (
    <Tree
      checkable
      selectable={false}
      defaultExpandAll
      disabled={disabled}
      treeData={treeData}
      checkedKeys={value ?? []}
      onCheck={(checked) => {
        const keys = Array.isArray(checked) ? checked : checked.checked;
        onChange?.(keys.map(String).filter((key) => !key.startsWith(chapterPrefix)));
      }}
    />
  );
}
