import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Select } from 'antd';
import {
  courseTextLimits,
  formatMessage,
  stepTypes,
  type CourseEdit,
  type StepSave,
  type StepType,
} from '@platform/contract';
import { useSaveDialog } from '../../../shared/dialogForm';
import { apiLanguage } from '../../../shared/i18n';
import { isRequestError } from '../../../shared/request';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { serverPathErrors, zodPathRules, type FieldPath } from '../../../shared/zodForm';
import { stepSaveMutationOptions } from './api';
import { CheckList } from './CheckList';
import { CommandList } from './CommandList';
import { useImageUpload } from './files';
import {
  AddButton,
  BilingualDocItem,
  BilingualItems,
  bilingualMessages,
  type FormCheck,
} from './formParts';
import { QuestionEditor } from './QuestionEditor';
import { StepFileField } from './StepFileField';
import {
  emptyQuestion,
  isFileStep,
  isLabStep,
  stepCheck,
  stepValues,
  storedStepType,
  type StepValues,
} from './stepForm';

type StepEdit = CourseEdit['chapters'][number]['steps'][number];

interface StepDialogProps {
  course: Pick<CourseEdit, 'id' | 'environments'>;
  chapter: { id: string; name: string };
  /** The step to edit; none adds one to the chapter. */
  step?: StepEdit | undefined;
  /** Opens the course's environment dialog (lab steps of a course without environments). */
  onAddEnvironment: () => void;
  onClose: () => void;
}

/** Business refusals that concern one input. */
const fieldOfErrorKey: Record<string, FieldPath> = {
  'courses.env_first': ['content', 'envId'],
  'courses.env_not_in_course': ['content', 'envId'],
};

/** Adds or edits a step: its bilingual name, its type (when added) and the type's editor. */
export function StepDialog({ course, chapter, step, onAddEnvironment, onClose }: StepDialogProps) {
  const { t } = useTranslation();
  const check = useMemo(() => stepCheck(chapter.id, step?.id), [chapter.id, step?.id]);
  const initialType = step ? storedStepType(step.content) : 'document';
  const initialValues = useMemo(
    () => stepValues(initialType, step ? { name: step.name, content: step.content } : undefined),
    [initialType, step],
  );
  const dialog = useSaveDialog({
    mutation: stepSaveMutationOptions(),
    body: (values: StepValues) => check.toBody(values) as StepSave,
    saved: t('courses.manage.done.stepSaved'),
    onClose,
    errors: (error) => {
      if (!isRequestError(error)) return [];
      const keyed = error.errorKey ? fieldOfErrorKey[error.errorKey] : undefined;
      return [
        ...serverPathErrors(error.fields),
        ...(keyed ? [{ name: [...keyed], errors: [error.message] }] : []),
      ];
    },
  });
  const type = (Form.useWatch('type', dialog.form) as StepType | undefined) ?? initialType;
  const stepName = step ? step.name.zh || step.name.en || '' : '';

  return (
    <FormDialog<StepValues>
      {...dialog}
      width={960}
      name={step ? `step-edit-${step.id}` : `step-add-${chapter.id}`}
      title={
        step
          ? t('courses.manage.titles.editStep', { name: stepName })
          : t('courses.manage.titles.addStep', { chapter: chapter.name })
      }
      okText={t('courses.manage.actions.save')}
      cancelText={t('courses.manage.actions.cancel')}
      initialValues={initialValues}
    >
      <BilingualItems
        name={['name']}
        path={['name']}
        label={t('courses.manage.fields.stepName')}
        check={check}
        messages={bilingualMessages(t, t('courses.manage.rules.stepName'))}
        maxLength={courseTextLimits.stepNameMax}
        required
      />
      <Form.Item name="type" label={t('courses.manage.fields.stepType')} required>
        <Select
          aria-label={t('courses.manage.fields.stepType')}
          disabled={Boolean(step)}
          style={{ maxWidth: 240 }}
          options={stepTypes.map((value) => ({
            value,
            label: t(`courses.manage.stepType.${value}`),
          }))}
        />
      </Form.Item>
      <StepContent
        type={type}
        course={course}
        check={check}
        storedUrl={step?.fileUrl ?? null}
        onAddEnvironment={onAddEnvironment}
      />
    </FormDialog>
  );
}

interface StepContentProps {
  type: StepType;
  course: StepDialogProps['course'];
  check: FormCheck;
  storedUrl: string | null;
  onAddEnvironment: () => void;
}

/** The editor of a step type. */
function StepContent({ type, course, check, storedUrl, onAddEnvironment }: StepContentProps) {
  const { t } = useTranslation();
  const uploadImage = useImageUpload(course.id);
  const toBody = check.toBody ? { toBody: check.toBody } : {};

  if (isFileStep(type)) {
    return (
      <Form.Item
        key={type}
        name={['content', 'file']}
        label={t('courses.manage.fields.file')}
        required
        rules={zodPathRules(check.schema, ['content', 'file'], {
          ...toBody,
          overrides: {
            required: t('courses.manage.rules.file'),
            invalid_value: t('courses.manage.rules.file'),
          },
        })}
      >
        <StepFileField courseId={course.id} kind={type} storedUrl={storedUrl} />
      </Form.Item>
    );
  }
  if (type === 'question') {
    return (
      <QuestionEditor
        name={['content', 'questions', 0]}
        path={['content', 'questions', 0]}
        check={check}
        title={t('courses.manage.stepType.question')}
      />
    );
  }
  if (type === 'exercises') {
    return (
      <Form.List name={['content', 'questions']}>
        {(fields, ops) => (
          <>
            {fields.map((field, i) => (
              <QuestionEditor
                key={field.key}
                name={[field.name]}
                path={['content', 'questions', field.name]}
                check={check}
                title={t('courses.manage.fields.question', { n: i + 1 })}
                onRemove={fields.length > 1 ? () => ops.remove(field.name) : undefined}
              />
            ))}
            <AddButton
              count={fields.length}
              max={courseTextLimits.questionsMax}
              onAdd={() => ops.add(emptyQuestion())}
            >
              {t('courses.manage.actions.addQuestion')}
            </AddButton>
          </>
        )}
      </Form.List>
    );
  }
  if (isLabStep(type)) {
    return (
      <>
        <Form.Item
          name={['content', 'envId']}
          label={t('courses.manage.fields.environment')}
          required
          rules={zodPathRules(check.schema, ['content', 'envId'], {
            ...toBody,
            overrides: {
              required: t('courses.manage.rules.environment'),
              invalid_value: t('courses.manage.rules.environment'),
              invalid_format: t('courses.manage.rules.environment'),
            },
          })}
        >
          <EnvSelect environments={course.environments} onAddEnvironment={onAddEnvironment} />
        </Form.Item>
        <BilingualDocItem
          name={['content', 'doc']}
          label={t('courses.manage.fields.instructions')}
          onUploadImage={uploadImage}
        />
        <CommandList path={['content', 'commands']} check={check} />
        <CheckList path={['content', 'checks']} check={check} />
      </>
    );
  }
  return (
    <BilingualDocItem
      name={['content', 'doc']}
      label={t('courses.manage.fields.content')}
      onUploadImage={uploadImage}
    />
  );
}

/**
 * The environment of a lab step among the course's; a course without any says so, in the
 * server's words, and offers to add one.
 */
function EnvSelect({
  environments,
  onAddEnvironment,
  value,
  onChange,
}: {
  environments: CourseEdit['environments'];
  onAddEnvironment: () => void;
  value?: string;
  onChange?: (envId: string) => void;
}) {
  const { t } = useTranslation();
  if (environments.length === 0) {
    return (
      <Alert
        type="warning"
        showIcon
        title={formatMessage('courses.env_first', apiLanguage())}
        action={
          <Button size="small" onClick={onAddEnvironment}>
            {t('courses.manage.actions.addEnvironment')}
          </Button>
        }
      />
    );
  }
  return (
    <Select
      aria-label={t('courses.manage.fields.environment')}
      placeholder={t('courses.manage.placeholders.select')}
      style={{ maxWidth: 360 }}
      value={value}
      onChange={onChange}
      options={environments.map((env) => ({ value: env.id, label: env.name }))}
    />
  );
}
