import { Suspense, lazy, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Typography } from 'antd';
import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { StepType, StudyStep } from '@platform/contract';
import { LoadingState } from '../../../shared/ui/PageStates';
import { RichTextView } from '../../../shared/ui/RichTextView';
import { courseStepCalls, type StepCalls } from './api';
import { LabStep } from './LabStep';
import { QuestionsStep } from './QuestionsStep';
import { richDoc } from './richDoc';
import { VideoStep } from './VideoStep';

const PdfView = lazy(() => import('./PdfView').then((m) => ({ default: m.PdfView })));

/** Steps done by opening them; videos are done when watched, questions when answered. */
const doneWhenOpened: readonly StepType[] = ['document', 'show', 'pdf', 'attachment'];

/** Marks a step of `doneWhenOpened` done, once, when it is shown (unless answers are closed). */
function useDoneWhenOpened(step: StudyStep, calls: StepCalls, locked: boolean) {
  const client = useQueryClient();
  const marked = useRef<string | null>(null);
  const due = doneWhenOpened.includes(step.type) && !step.progress.completed && !locked;
  const { saveProgress } = calls;
  useEffect(() => {
    if (!due || marked.current === step.id) return;
    marked.current = step.id;
    void saveProgress(client, { stepId: step.id, completed: true });
  }, [client, due, step.id, saveProgress]);
}

function NoContent() {
  const { t } = useTranslation();
  return <Typography.Text type="secondary">{t('courses.study.study.noContent')}</Typography.Text>;
}

function DocumentStep({ step }: { step: StudyStep }) {
  const doc = richDoc(step.doc);
  return doc ? <RichTextView doc={doc} /> : <NoContent />;
}

/** A report step: its instructions, and under them the report written where it is studied. */
function ReportStep({ step, editor }: { step: StudyStep; editor: ReactNode }) {
  return (
    <Space orientation="vertical" size={16} className="cs-block">
      <DocumentStep step={step} />
      {editor}
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
        {t('courses.study.pdf.download')}
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
      <Typography.Text type="secondary">{t('courses.study.attachment.hint')}</Typography.Text>
      <Button
        type="primary"
        icon={<DownloadOutlined />}
        href={file.downloadUrl}
        download={file.name}
      >
        {t('courses.study.attachment.download')}
      </Button>
    </div>
  );
}

export interface StepContentProps {
  step: StudyStep;
  /** The routes progress and answers go to: the course's unless given (a task's). */
  calls?: StepCalls;
  /** Answers are closed (a task submitted or out of time): questions show what was answered. */
  locked?: boolean;
  /** Shown under a lab step's instructions (a task's checks). */
  labExtra?: ReactNode;
  /** A report step's editor, under its instructions. */
  reportEditor?: ReactNode;
}

/** The study view of a step, by its type. */
export function StepContent({
  step,
  calls = courseStepCalls,
  locked = false,
  labExtra,
  reportEditor,
}: StepContentProps) {
  useDoneWhenOpened(step, calls, locked);
  switch (step.type) {
    case 'document':
    case 'show':
      return <DocumentStep step={step} />;
    case 'report':
      return <ReportStep step={step} editor={reportEditor} />;
    case 'video':
      return step.file ? <VideoStep step={step} file={step.file} calls={calls} /> : <NoContent />;
    case 'pdf':
      return <PdfStep step={step} />;
    case 'attachment':
      return <AttachmentStep step={step} />;
    case 'question':
    case 'exercises':
      return <QuestionsStep step={step} calls={calls} locked={locked} />;
    case 'training':
    case 'emulation':
    case 'terminal':
      return <LabStep step={step} extra={labExtra} />;
  }
}
