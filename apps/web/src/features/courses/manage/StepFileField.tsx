import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Progress, Space, Typography, Upload } from 'antd';
import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { CourseFile } from '@platform/contract';
import { showErrorToast } from '../../../shared/toast';
import { uploadCourseFile } from './api';
import { acceptOf, fileProblem, maxMbOf } from './files';
import type { FileStepType } from './stepForm';

interface StepFileFieldProps {
  courseId: string;
  kind: FileStepType;
  /** The signed address of the stored file, for its preview. */
  storedUrl: string | null;
  value?: CourseFile;
  onChange?: (file: CourseFile) => void;
  /** The form item's id, so that its label names the upload button. */
  id?: string;
}

/**
 * The file of a video, PDF or attachment step: uploaded at once with a progress bar, then named
 * and, for videos and PDFs, previewed.
 */
export function StepFileField({
  courseId,
  kind,
  storedUrl,
  value,
  onChange,
  id,
}: StepFileFieldProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [url, setUrl] = useState(storedUrl);

  const send = async (file: File) => {
    const problem = fileProblem(file, kind);
    if (problem) {
      showErrorToast(t('courses.manage.rules.tooLarge', { max: maxMbOf(kind) }));
      return;
    }
    setProgress({ name: file.name, percent: 0 });
    try {
      const uploaded = await uploadCourseFile(
        file,
        { courseId, kind },
        { onProgress: (percent) => setProgress({ name: file.name, percent }) },
      );
      setUrl(uploaded.url);
      onChange?.({ fileId: uploaded.fileId, name: uploaded.name });
    } catch {
      // The request layer has shown the server's refusal.
    } finally {
      setProgress(null);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Upload
          accept={acceptOf[kind]}
          showUploadList={false}
          disabled={progress !== null}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <Button id={id} icon={<UploadOutlined />}>
            {t(value ? 'courses.manage.actions.replace' : 'courses.manage.actions.upload')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">
          {t('courses.manage.hints.fileLimit', { max: maxMbOf(kind) })}
        </Typography.Text>
      </Space>
      {progress && (
        <div>
          <Typography.Text>
            {t('courses.manage.hints.uploading', { name: progress.name })}
          </Typography.Text>
          <Progress percent={progress.percent} status="active" />
        </div>
      )}
      {value && (
        <Typography.Text>
          <PaperClipOutlined /> {value.name}
        </Typography.Text>
      )}
      {value && url && kind === 'video' && (
        <video className="course-preview" src={url} controls preload="metadata" />
      )}
      {value && url && kind === 'pdf' && (
        <iframe
          className="course-preview course-preview--pdf"
          src={url}
          title={t('courses.manage.hints.previewPdf')}
        />
      )}
    </Space>
  );
}
