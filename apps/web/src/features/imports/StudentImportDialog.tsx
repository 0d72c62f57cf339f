import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  importFileExtensions,
  importLimits,
  limits,
  type ImportJob,
  type ImportRowError,
} from '@platform/contract';
import { isRequestError } from '../../shared/request';
import { DownloadButton } from '../../shared/ui/DownloadButton';
import {
  checkImportFile,
  downloadErrorReport,
  downloadImportTemplate,
  importErrorText,
  importJobQueryOptions,
  maxFileMb,
  uploadStudentFile,
} from './api';

export interface StudentImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called once a job has finished having created students. */
  onImported?: () => void;
}

type Phase =
  | { kind: 'choose'; problem: string | null }
  | { kind: 'uploading'; name: string; percent: number }
  | { kind: 'job'; job: ImportJob };

/**
 * Student import: the template, a file checked here for type and size, the upload's progress,
 * then the job's progress and its summary with the rows that failed.
 */
export function StudentImportDialog({ open, onClose, onImported }: StudentImportDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('imports.title')}
      onCancel={onClose}
      footer={null}
      width={limits.dialogWidth}
      destroyOnHidden
    >
      {open && <ImportFlow onClose={onClose} onImported={onImported} />}
    </Modal>
  );
}

function ImportFlow({ onClose, onImported }: Omit<StudentImportDialogProps, 'open'>) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'choose', problem: null });
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const start = (file: File) => {
    const problem = checkImportFile(file);
    if (problem) {
      setPhase({
        kind: 'choose',
        problem: t(`imports.problems.${problem}`, { max: maxFileMb }),
      });
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setPhase({ kind: 'uploading', name: file.name, percent: 0 });
    uploadStudentFile(file, {
      signal: controller.signal,
      onProgress: (percent) => setPhase((p) => (p.kind === 'uploading' ? { ...p, percent } : p)),
    }).then(
      (job) => setPhase({ kind: 'job', job }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = isRequestError(error)
          ? importErrorText(error.errorKey, error.message)
          : t('imports.failed');
        setPhase({ kind: 'choose', problem: message });
      },
    );
  };

  if (phase.kind === 'uploading') {
    return (
      <div>
        <Typography.Text>{t('imports.uploading', { name: phase.name })}</Typography.Text>
        <Progress
          percent={phase.percent}
          status="active"
          aria-label={t('imports.uploading', { name: phase.name })}
        />
      </div>
    );
  }
  if (phase.kind === 'job') {
    return (
      <JobView
        initial={phase.job}
        onImported={onImported}
        onAgain={() => setPhase({ kind: 'choose', problem: null })}
        onClose={onClose}
      />
    );
  }
  return <ChooseFile problem={phase.problem} onFile={start} />;
}

function ChooseFile({ problem, onFile }: { problem: string | null; onFile: (file: File) => void }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('imports.hint', { max: maxFileMb, rows: importLimits.studentMaxRows })}
      </Typography.Paragraph>
      {problem && <Alert type="error" showIcon title={problem} />}
      <Space wrap>
        <DownloadButton download={downloadImportTemplate}>{t('imports.template')}</DownloadButton>
        <Upload
          accept={importFileExtensions.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            onFile(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button type="primary" icon={<UploadOutlined />}>
            {t('imports.choose')}
          </Button>
        </Upload>
      </Space>
    </Space>
  );
}

function JobView(props: {
  initial: ImportJob;
  onImported: (() => void) | undefined;
  onAgain: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const query = useQuery(importJobQueryOptions(props.initial.id, props.initial));
  const job = query.data ?? props.initial;
  const notified = useRef(false);
  const { onImported } = props;
  useEffect(() => {
    if (job.status === 'done' && job.succeeded > 0 && !notified.current) {
      notified.current = true;
      onImported?.();
    }
  }, [job.status, job.succeeded, onImported]);

  if (job.status === 'running') {
    const label =
      job.total > 0
        ? t('imports.processing', { processed: job.processed, total: job.total })
        : t('imports.waiting');
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text>{label}</Typography.Text>
        <Progress
          percent={job.total > 0 ? Math.floor((job.processed * 100) / job.total) : 0}
          status="active"
          aria-label={label}
        />
        {query.isError && (
          <Alert
            type="error"
            showIcon
            title={t('imports.pollFailed')}
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                {t('imports.retry')}
              </Button>
            }
          />
        )}
      </Space>
    );
  }

  const actions = (
    <Space>
      <Button onClick={props.onAgain}>{t('imports.again')}</Button>
      <Button type="primary" onClick={props.onClose}>
        {t('imports.close')}
      </Button>
    </Space>
  );
  if (job.status === 'failed') {
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert
          type="error"
          showIcon
          title={t('imports.failed')}
          description={importErrorText(job.errorKey, job.errorMessage ?? '')}
        />
        {actions}
      </Space>
    );
  }
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert
        type={job.failed > 0 ? 'warning' : 'success'}
        showIcon
        title={t('imports.done', { succeeded: job.succeeded, failed: job.failed })}
      />
      {job.errorCount > 0 && (
        <>
          <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
            <Typography.Text strong>{t('imports.errorsTitle')}</Typography.Text>
            <DownloadButton download={() => downloadErrorReport(job.id)}>
              {t('imports.downloadReport')}
            </DownloadButton>
          </Space>
          <ErrorTable errors={job.errors} />
          {job.errorCount > job.errors.length && (
            <Typography.Text type="secondary">
              {t('imports.errorsMore', { shown: job.errors.length, count: job.errorCount })}
            </Typography.Text>
          )}
        </>
      )}
      {actions}
    </Space>
  );
}

function ErrorTable({ errors }: { errors: ImportRowError[] }) {
  const { t } = useTranslation();
  const fieldName = (field: string) =>
    field ? t(`imports.fields.${field}`, { defaultValue: field }) : t('imports.wholeRow');
  return (
    <Table<ImportRowError>
      size="small"
      rowKey={(e) => `${e.row}:${e.field}:${e.errorKey}`}
      dataSource={errors}
      pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      columns={[
        { key: 'row', title: t('imports.columns.row'), dataIndex: 'row', width: 70 },
        {
          key: 'column',
          title: t('imports.columns.column'),
          render: (_, e) => fieldName(e.field),
          width: 100,
        },
        {
          key: 'value',
          title: t('imports.columns.value'),
          dataIndex: 'value',
          ellipsis: true,
        },
        {
          key: 'reason',
          title: t('imports.columns.reason'),
          render: (_, e) => importErrorText(e.errorKey, e.message),
        },
      ]}
    />
  );
}
