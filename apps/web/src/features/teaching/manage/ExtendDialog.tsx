import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, InputNumber, type FormRule } from 'antd';
import {
  formatMessage,
  taskExtendSchema,
  teachingLimits,
  type TaskDetail,
  type TaskExtend,
} from '@platform/contract';
import { instantOfInput } from '../../../shared/dates';
import { saveErrors, useSaveDialog } from '../../../shared/dialogForm';
import { apiLanguage } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { DateTimeField } from '../../../shared/ui/DateFields';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { zodPathCheck, type FieldMessages } from '../../../shared/zodForm';
import { taskExtendMutationOptions } from './api';

interface ExtendValues {
  /** A `DateTimeField` value (`YYYY-MM-DDTHH:mm`). */
  until?: string;
  minutes?: number | null;
}
type Field = 'until' | 'minutes';
const fields: readonly Field[] = ['until', 'minutes'];

/**
 * More time for the chosen students (management spec §5): under a range a new end, which is
 * required; under a duration the minutes to add, a number.
 */
export function ExtendDialog({
  task,
  studentTaskIds,
  onClose,
}: {
  task: Pick<TaskDetail, 'id' | 'timeType'>;
  studentTaskIds: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const field: Field = task.timeType === 'range' ? 'until' : 'minutes';
  const toBody = (values: unknown): TaskExtend => {
    const v = values as ExtendValues;
    return {
      taskId: task.id,
      studentTaskIds,
      ...(field === 'until'
        ? { until: instantOfInput(v.until) }
        : { minutes: v.minutes ?? undefined }),
    };
  };
  const messages = useMemo((): Record<Field, FieldMessages> => {
    const minutes = t('teaching.manage.rules.minutesNumber');
    return {
      until: {
        required: formatMessage('teaching.extend_date_required', apiLanguage()),
        invalid_format: t('teaching.manage.rules.dateFormat'),
      },
      minutes: {
        required: formatMessage('teaching.extend_minutes_required', apiLanguage()),
        invalid_format: minutes,
        invalid_value: minutes,
        above_limit: t('teaching.manage.rules.extendMax', {
          max: teachingLimits.extendMaxMinutes,
        }),
      },
    };
  }, [t]);

  const dialog = useSaveDialog<ExtendValues, TaskExtend, { extended: number }>({
    mutation: taskExtendMutationOptions(),
    body: toBody,
    saved: formatMessage('teaching.extended', apiLanguage()),
    onClose,
    errors: (error) => {
      const errors = saveErrors(error, fields, messages, {
        'teaching.extend_date_required': 'until',
        'teaching.extend_minutes_required': 'minutes',
        'teaching.extend_before_end': 'until',
      });
      if (errors.length === 0) toast.error(error instanceof Error ? error.message : String(error));
      return errors;
    },
  });

  /** The value is required here, though the body's schema leaves it to the task's time. */
  const rule: FormRule = ({ getFieldsValue }) => ({
    validator: async (_, value: unknown) => {
      const text =
        value === undefined || value === null || value === ''
          ? (messages[field].required ?? null)
          : zodPathCheck(taskExtendSchema, [field], { toBody, overrides: messages[field] })(
              getFieldsValue(true),
            );
      if (text) throw new Error(text);
    },
  });

  return (
    <FormDialog<ExtendValues>
      {...dialog}
      name={`task-extend-${task.id}`}
      title={t('teaching.manage.titles.extend', { count: studentTaskIds.length })}
      okText={t('teaching.manage.actions.ok')}
      cancelText={t('teaching.manage.actions.close')}
      initialValues={{}}
    >
      {field === 'until' ? (
        <Form.Item name="until" label={t('teaching.manage.fields.until')} required rules={[rule]}>
          <DateTimeField />
        </Form.Item>
      ) : (
        <Form.Item
          name="minutes"
          label={t('teaching.manage.fields.extendMinutes')}
          required
          rules={[rule]}
        >
          <InputNumber
            aria-label={t('teaching.manage.fields.extendMinutes')}
            style={{ width: 200 }}
            suffix={t('teaching.manage.hints.minutesUnit')}
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}
