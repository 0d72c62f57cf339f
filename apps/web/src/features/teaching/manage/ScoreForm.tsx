import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Popconfirm, Tooltip } from 'antd';
import {
  formatMessage,
  taskScoreSchema,
  teachingLimits,
  type StudentTaskReview,
} from '@platform/contract';
import { apiLanguage } from '../../../shared/i18n';
import { useCan } from '../../../shared/permissions/useCan';
import { toast } from '../../../shared/toast';
import { saveErrors } from '../../../shared/dialogForm';
import { setFieldErrors, zodPathRules } from '../../../shared/zodForm';
import { reportReturnMutationOptions, taskScoreMutationOptions } from './api';

interface ScoreValues {
  score?: number | null;
  comment?: string;
}

const commentMax = teachingLimits.commentMax;
const scoreFields = ['score', 'comment'] as const;

/** A comment cut to its limit, in characters as the server counts them. */
function cutComment(text: string): { text: string; cut: boolean } {
  const chars = [...text];
  return chars.length > commentMax
    ? { text: chars.slice(0, commentMax).join(''), cut: true }
    : { text, cut: false };
}

const truncatedText = () => formatMessage('teaching.comment_truncated', apiLanguage());

/**
 * The teacher's score (0–100) and comment of one student's task. A comment longer than 500
 * characters is cut, and the page says so; the server cuts too and answers whether it did.
 */
export function ScoreForm({ review }: { review: StudentTaskReview }) {
  const { t } = useTranslation();
  const can = useCan();
  const [form] = Form.useForm<ScoreValues>();
  const [truncated, setTruncated] = useState(false);
  const save = useMutation(taskScoreMutationOptions());
  const studentTaskId = review.progress.studentTaskId;
  const locked = review.scoresIssued || !can('task.score');
  const toBody = (values: unknown) => {
    const v = values as ScoreValues;
    return { studentTaskId, score: v.score ?? undefined, comment: v.comment ?? '' };
  };

  const submit = async () => {
    const body = toBody(form.getFieldsValue(true));
    try {
      const scored = await save.mutateAsync(body);
      toast.success(formatMessage('teaching.scored', apiLanguage()));
      if (scored.commentTruncated) {
        setTruncated(true);
        toast.warning(truncatedText());
      }
    } catch (error) {
      const fields = saveErrors(error, scoreFields);
      setFieldErrors(form, fields);
      if (fields.length === 0) toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Form<ScoreValues>
      form={form}
      name={`task-score-${studentTaskId}`}
      layout="vertical"
      disabled={locked || save.isPending}
      initialValues={{ score: review.progress.score, comment: review.comment }}
      onFinish={() => void submit()}
    >
      {review.scoresIssued && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('teaching.manage.hints.scoresIssuedLocked')}
        />
      )}
      <Form.Item
        name="score"
        label={t('teaching.manage.fields.score')}
        required
        rules={zodPathRules(taskScoreSchema, ['score'], { toBody })}
        extra={t('teaching.manage.hints.scoreRange', {
          min: teachingLimits.scoreMin,
          max: teachingLimits.scoreMax,
        })}
      >
        <InputNumber aria-label={t('teaching.manage.fields.score')} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="comment"
        label={t('teaching.manage.fields.comment')}
        validateStatus={truncated ? 'warning' : undefined}
        help={truncated ? truncatedText() : undefined}
        normalize={(value: string | undefined) => {
          const { text, cut } = cutComment(value ?? '');
          setTruncated(cut);
          return text;
        }}
      >
        <Input.TextArea
          rows={5}
          showCount={{ formatter: ({ count }) => `${count} / ${commentMax}` }}
        />
      </Form.Item>
      <Form.Item label={null} style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('teaching.manage.actions.saveScore')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** Returns a submitted report to its student; any other report cannot be returned. */
export function ReportReturnButton({ review }: { review: StudentTaskReview }) {
  const { t } = useTranslation();
  const can = useCan();
  const back = useMutation(reportReturnMutationOptions());
  if (!can('task.score') || review.scoresIssued) return null;
  const submitted = review.report.status === 'submitted';
  const button = (
    <Button disabled={!submitted} loading={back.isPending}>
      {t('teaching.manage.actions.returnReport')}
    </Button>
  );
  if (!submitted)
    return (
      <Tooltip title={formatMessage('teaching.return_not_submitted', apiLanguage())}>
        <span>{button}</span>
      </Tooltip>
    );
  return (
    <Popconfirm
      title={t('teaching.manage.confirm.returnReport', { name: review.progress.studentName })}
      okText={t('teaching.manage.actions.returnReport')}
      cancelText={t('teaching.manage.actions.close')}
      onConfirm={() =>
        back.mutate(
          { studentTaskId: review.progress.studentTaskId },
          {
            onSuccess: () =>
              toast.success(formatMessage('teaching.report_returned', apiLanguage())),
          },
        )
      }
    >
      {button}
    </Popconfirm>
  );
}
