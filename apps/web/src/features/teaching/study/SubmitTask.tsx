import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Typography } from 'antd';
import { CheckSquareOutlined } from '@ant-design/icons';
import { formatMessage, type OwnTaskDetail } from '@platform/contract';
import { apiLanguage } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { taskSubmitMutationOptions } from './api';
import type { Countdown } from './countdown';
import { stepsOf } from './navigation';
import { isOpen } from './TaskParts';

/** What becomes of the report when the task is submitted, by the report's state. */
const reportFate = {
  none: 'teaching.study.submitTask.reportNone',
  draft: 'teaching.study.submitTask.reportDraft',
  returned: 'teaching.study.submitTask.reportDraft',
  submitted: 'teaching.study.submitTask.reportSubmitted',
} as const;

/**
 * Submits the whole task (decision 0041), after a confirmation that says what goes in: the
 * answers, checks and report close, the steps not done stay undone, and a saved report draft is
 * submitted as the report. Shown while the task is open to the student.
 */
export function SubmitTaskButton({
  task,
  countdown,
  size,
}: {
  task: OwnTaskDetail;
  countdown: Countdown;
  size?: 'large';
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const submit = useMutation(taskSubmitMutationOptions(client, task.id));
  if (!isOpen(task, countdown) || task.contentHeld) return null;
  const undone = stepsOf(task.chapterDTOS).filter((s) => !s.completed).length;
  const send = () =>
    submit.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(formatMessage('teaching.task_submitted', apiLanguage()));
      },
    });
  return (
    <>
      <Button
        size={size}
        icon={<CheckSquareOutlined />}
        onClick={() => {
          submit.reset();
          setConfirming(true);
        }}
      >
        {t('teaching.study.submitTask.action')}
      </Button>
      <Modal
        open={confirming}
        title={t('teaching.study.submitTask.title')}
        okText={t('teaching.study.submitTask.ok')}
        cancelText={t('teaching.study.actions.cancel')}
        confirmLoading={submit.isPending}
        onOk={send}
        onCancel={() => setConfirming(false)}
      >
        <Typography.Paragraph>{t('teaching.study.submitTask.body')}</Typography.Paragraph>
        {undone > 0 && (
          <Typography.Paragraph>
            {t('teaching.study.submitTask.undone', { count: undone })}
          </Typography.Paragraph>
        )}
        {task.isReport && (
          <Typography.Paragraph>{t(reportFate[task.reportStatus])}</Typography.Paragraph>
        )}
        {submit.isError && <Alert type="error" showIcon title={submit.error.message} />}
      </Modal>
    </>
  );
}
