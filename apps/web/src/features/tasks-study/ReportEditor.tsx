import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import { formatMessage, teachingLimits } from '@platform/contract';
import { formatInstant } from '../../shared/dates';
import { apiLanguage } from '../../shared/i18n';
import { toast } from '../../shared/toast';
import { LoadingState } from '../../shared/ui/PageStates';
import { RichTextView } from '../../shared/ui/RichTextView';
import { richDoc } from '../courses-study/richDoc';
import { reportSubmitMutationOptions, uploadReportImage, type ReportInfo } from './api';
import { tooLong, useReportDraft, type SaveState } from './reportDraft';

const RichTextEditor = lazy(() => import('../../shared/ui/RichTextEditor'));

const message = (key: 'teaching.report_save_failed' | 'teaching.report_saved') =>
  formatMessage(key, apiLanguage());

function SaveStatus({ state, savedAt }: { state: SaveState; savedAt: string | null }) {
  const { t } = useTranslation();
  let text: string;
  if (state === 'saving') text = t('tasksStudy.report.saving');
  else if (state === 'dirty' || state === 'failed') text = t('tasksStudy.report.unsaved');
  else if (savedAt) text = t('tasksStudy.report.savedAt', { time: formatInstant(savedAt) });
  else text = '';
  return (
    <span className="ts-muted" role="status">
      {text}
    </span>
  );
}

/**
 * The report editor: the shared rich-text editor with images, a counter against the 10,000
 * characters, drafts saved on their own and on demand (see `useReportDraft`), and submission
 * after a confirmation. The server's refusals (time up, scores issued) are shown under it.
 */
export function ReportEditor({ info }: { info: ReportInfo }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const draft = useReportDraft(info);
  const [confirming, setConfirming] = useState(false);
  const submit = useMutation(reportSubmitMutationOptions(client, info.studentTaskId));
  const over = tooLong(draft.length);

  const saveNow = async () => {
    if (await draft.save()) toast.success(message('teaching.report_saved'));
  };
  const send = () => {
    const doc = draft.current();
    if (!doc) return;
    submit.mutate(doc, {
      onSuccess: () => {
        draft.confirm();
        setConfirming(false);
      },
      onError: () => setConfirming(false),
    });
  };

  return (
    <Space orientation="vertical" size={12} className="cs-block ts-report">
      {draft.restored && <Alert type="info" showIcon title={t('tasksStudy.report.restored')} />}
      {draft.state === 'failed' && (
        <Alert type="error" showIcon title={message('teaching.report_save_failed')} />
      )}
      <Suspense fallback={<LoadingState />}>
        <RichTextEditor
          value={draft.initialDoc}
          onChange={draft.edit}
          label={t('tasksStudy.report.label')}
          placeholder={t('tasksStudy.report.placeholder')}
          onUploadImage={(file) => uploadReportImage(info.studentTaskId, file)}
        />
      </Suspense>
      <div className="ts-report__bar">
        <span className={`ts-report__count${over ? ' ts-report__count--over' : ''}`}>
          {t('tasksStudy.report.length', { count: draft.length, max: teachingLimits.reportMax })}
        </span>
        <SaveStatus state={draft.state} savedAt={draft.savedAt} />
        <span className="ts-report__actions">
          <Button
            icon={<SaveOutlined />}
            loading={draft.state === 'saving'}
            disabled={over}
            onClick={() => void saveNow()}
          >
            {t('tasksStudy.report.save')}
          </Button>
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={over}
            onClick={() => setConfirming(true)}
          >
            {t('tasksStudy.report.submit')}
          </Button>
        </span>
      </div>
      {over && (
        <Alert
          type="error"
          showIcon
          title={formatMessage('teaching.report_too_long', apiLanguage(), {
            max: teachingLimits.reportMax,
          })}
        />
      )}
      {submit.isError && <Alert type="error" showIcon title={submit.error.message} />}
      <Modal
        open={confirming}
        title={t('tasksStudy.report.submitTitle')}
        okText={t('tasksStudy.report.submitOk')}
        cancelText={t('tasksStudy.actions.cancel')}
        confirmLoading={submit.isPending}
        onOk={send}
        onCancel={() => setConfirming(false)}
      >
        <Typography.Paragraph>{t('tasksStudy.report.submitBody')}</Typography.Paragraph>
      </Modal>
    </Space>
  );
}

/** A report that can no longer be edited, as written. */
export function ReportView({ info }: { info: ReportInfo }) {
  const { t } = useTranslation();
  const doc = richDoc(info.content);
  return doc ? (
    <RichTextView doc={doc} />
  ) : (
    <Typography.Text type="secondary">{t('tasksStudy.report.notWritten')}</Typography.Text>
  );
}

/** The report: its editor while the student may still change it, else the report as written. */
export function ReportPanel({ info, locked = false }: { info: ReportInfo; locked?: boolean }) {
  return info.editable && !locked ? (
    <ReportEditor key={info.studentTaskId} info={info} />
  ) : (
    <ReportView info={info} />
  );
}
