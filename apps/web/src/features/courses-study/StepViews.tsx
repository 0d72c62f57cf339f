import { Suspense, lazy, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space, Typography } from 'antd';
import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { StepType, StudyStep } from '@platform/contract';
import { LoadingState } from '../../shared/ui/PageStates';
import { RichTextView } from '../../shared/ui/RichTextView';
import { saveProgress } from './api';
import { LabStep } from './LabStep';
import { QuestionsStep } from './QuestionsStep';
import { richDoc } from './richDoc';
import { VideoStep } from './VideoStep';

const PdfView = lazy(() => import('./PdfView').then((m) => ({ default: m.PdfView })));

/** Steps done by opening them; videos are done when watched, questions when answered. */
const doneWhenOpened: readonly StepType[] = ['document', 'show', 'pdf', 'attachment'];

/** Marks a step of `doneWhenOpened` done, once, when it is shown. */
function useDoneWhenOpened(step: StudyStep) {
  const client = useQueryClient();
  const marked = useRef<string | null>(null);
  const due = doneWhenOpened.includes(step.type) && !step.progress.completed;
  useEffect(() => {
    if (!due || marked.current === step.id) return;
    marked.current = step.id;
    void saveProgress(client, { stepId: step.id, completed: true });
  }, [client, due, step.id]);
}

function NoContent() {
  const { t } = useTranslation();
  return <Typography.Text type="secondary">{t('coursesStudy.study.noContent')}</Typography.Text>;
}

function DocumentStep({ step }: { step: StudyStep }) {
  const doc = richDoc(step.doc);
  return doc ? <RichTextView doc={doc} /> : <NoContent />;
}

function ReportStep({ step }: { step: StudyStep }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={16} className="cs-block">
      <Alert type="info" showIcon title={t('coursesStudy.study.reportNote')} />
      <DocumentStep step={step} />
    </Space>
  );
}

function PdfStep({ step }: { step: StudyStep }) {
  const { t } = useTranslation();
  const { file } = step;
  if (!file) return <NoContent />;
  return (
    <Space orientation="vertical" size={12} className="cs-block">
      <Button icon={<DownloadOutlined />} href={file.downloadUrl} download={file.name}>
        {t('coursesStudy.pdf.download')}
      </Button>
      <Suspense fallback={<LoadingState />}>
        <PdfView url={file.url} />
      </Suspense>
    </Space>
  );
}

function AttachmentStep({ step }: { step: StudyStep }) {
  const { t } = useTranslation();
  const { file } = step;
  if (!file) return <NoContent />;
  return (
    <div className="cs-attachment">
      <PaperClipOutlined className="cs-attachment__icon" />
      <Typography.Text strong className="cs-attachment__name">
        {file.name}
      </Typography.Text>
      <Typography.Text type="secondary">{t('coursesStudy.attachment.hint')}</Typography.Text>
      <Button
        type="primary"
        icon={<DownloadOutlined />}
        href={file.downloadUrl}
        download={file.name}
      >
        {t('coursesStudy.attachment.download')}
      </Button>
    </div>
  );
}

/** The study view of a step, by its type. */
export function StepContent({ step }: { step: StudyStep }) {
  useDoneWhenOpened(step);
  switch (step.type) {
    case 'document':
    case 'show':
      return <DocumentStep step={step} />;
    case 'report':
      return <ReportStep step={step} />;
    case 'video':
      return step.file ? <VideoStep step={step} file={step.file} /> : <NoContent />;
    case 'pdf':
      return <PdfStep step={step} />;
    case 'attachment':
      return <AttachmentStep step={step} />;
    case 'question':
    case 'exercises':
      return <QuestionsStep step={step} />;
    case 'training':
    case 'emulation':
    case 'terminal':
      return <LabStep step={step} />;
  }
}
