import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import { teachingLimits } from '@platform/contract';
import type { RichDocument } from '@platform/rich-text';
import { formatInstant } from '../../../shared/dates';
import { toast } from '../../../shared/toast';
import { LoadingState } from '../../../shared/ui/PageStates';
import { tooLong, useReportDraft, type DraftSource, type SaveState } from './reportDraft';
import './courses-study.css';

const RichTextEditor = lazy(() => import('../../../shared/ui/RichTextEditor'));

function SaveStatus({ state, savedAt }: { state: SaveState; savedAt: string | null }) {
  const { t } = useTranslation();
  let text: string;
  if (state === 'saving') text = t('courses.study.report.saving');
  else if (state === 'dirty' || state === 'failed') text = t('courses.study.report.unsaved');
  else if (savedAt) text = t('courses.study.report.savedAt', { time: formatInstant(savedAt) });
  else text = '';
  return (
    <span className="cs-report__status" role="status">
      {text}
    </span>
  );
}

/** What the report's last act is called and says before it runs (submit, or finish). */
export interface ReportAct<T> {
  label: string;
  title: string;
  body: ReactNode;
  ok: string;
  /** The act, sent the report as it stands and the revision it is at. */
  mutation: UseMutationOptions<T, Error, { doc: RichDocument; revision: number }>;
}

/**
 * A report being written: the shared rich-text editor with images, a counter against the 10,000
 * characters, drafts saved on their own and on demand (see `useReportDraft`), and its last act
 * (a task's submission, a self-study report's finishing) after a confirmation that says what it
 * does. The server's refusals are shown under it.
 */
export function ReportWriter<T>({
  source,
  uploadImage,
  act,
  messages,
}: {
  source: DraftSource;
  uploadImage: (file: File) => Promise<string>;
  act: ReportAct<T>;
  messages: { saved: string; saveFailed: string; tooLong: string };
}) {
  const { t } = useTranslation();
  const draft = useReportDraft(source);
  const [confirming, setConfirming] = useState(false);
  const run = useMutation(act.mutation);
  const over = tooLong(draft.length);

  const saveNow = async () => {
    if (await draft.save()) toast.success(messages.saved);
  };
  const send = () => {
    const doc = draft.current();
    if (!doc) return;
    run.mutate(
      { doc, revision: draft.revision() },
      {
        onSuccess: () => {
          draft.confirm();
          setConfirming(false);
        },
        onError: () => setConfirming(false),
      },
    );
  };

  return (
    <Space orientation="vertical" size={12} className="cs-block cs-report">
      {draft.restored && <Alert type="info" showIcon title={t('courses.study.report.restored')} />}
      {draft.state === 'failed' && <Alert type="error" showIcon title={messages.saveFailed} />}
      <Suspense fallback={<LoadingState />}>
        <RichTextEditor
          value={draft.initialDoc}
          onChange={draft.edit}
          label={t('courses.study.report.label')}
          placeholder={t('courses.study.report.placeholder')}
          onUploadImage={uploadImage}
        />
      </Suspense>
      <div className="cs-report__bar">
        <span className={`cs-report__count${over ? ' cs-report__count--over' : ''}`}>
          {t('courses.study.report.length', { count: draft.length, max: teachingLimits.reportMax })}
        </span>
        <SaveStatus state={draft.state} savedAt={draft.savedAt} />
        <span className="cs-report__actions">
          <Button
            icon={<SaveOutlined />}
            loading={draft.state === 'saving'}
            disabled={over}
            onClick={() => void saveNow()}
          >
            {t('courses.study.report.save')}
          </Button>
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={over}
            onClick={() => setConfirming(true)}
          >
            {act.label}
          </Button>
        </span>
      </div>
      {over && <Alert type="error" showIcon title={messages.tooLong} />}
      {run.isError && <Alert type="error" showIcon title={run.error.message} />}
      <Modal
        open={confirming}
        title={act.title}
        okText={act.ok}
        cancelText={t('courses.study.actions.cancel')}
        confirmLoading={run.isPending}
        onOk={send}
        onCancel={() => setConfirming(false)}
      >
        <Typography.Paragraph>{act.body}</Typography.Paragraph>
      </Modal>
    </Space>
  );
}
