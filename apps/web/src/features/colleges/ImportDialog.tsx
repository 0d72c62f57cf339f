import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  collegeImportColumns,
  collegesApi,
  collegeLimits,
  importFileExtensions,
  isImportFileName,
  limits,
  type CollegeImportError,
  type CollegeImportResult,
} from '@platform/contract';
import { showErrorToast, toast } from '../../shared/toast';
import { uploadRouteRequest } from '../../shared/ui/uploadRequest';
import { saveBlob } from '../../shared/saveBlob';
import { collegeKeys, importTemplateMutationOptions } from './api';
import { useLang } from './collegeFormat';

const maxMb = collegeLimits.importMaxBytes / 1024 / 1024;

/** The result of an import: counts, and every refused cell with its reason. */
function ImportResultView({ result }: { result: CollegeImportResult }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const columnName = (field: string) =>
    collegeImportColumns.find((c) => c.field === field)?.[lang] ?? field;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert
        type={result.failed ? 'warning' : 'success'}
        showIcon
        title={t('colleges.done.imported', result)}
        description={result.failed ? undefined : t('colleges.noErrors')}
      />
      {result.errors.length > 0 && (
        <Table<CollegeImportError>
          rowKey={(e) => `${e.row}-${e.field}`}
          size="small"
          pagination={result.errors.length > 10 ? { pageSize: 10 } : false}
          dataSource={result.errors}
          columns={[
            { key: 'row', dataIndex: 'row', title: t('colleges.fields.row'), width: 70 },
            {
              key: 'field',
              dataIndex: 'field',
              title: t('colleges.fields.column'),
              render: (field: string) => columnName(field),
            },
            { key: 'value', dataIndex: 'value', title: t('colleges.fields.value') },
            { key: 'message', dataIndex: 'message', title: t('colleges.fields.reason') },
          ]}
        />
      )}
    </Space>
  );
}

/**
 * Imports schools from a spreadsheet: the template, a file checked here (Excel only, size) and
 * sent as multipart, then the rows imported and refused.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<CollegeImportResult | null>(null);
  const template = useMutation(importTemplateMutationOptions());

  const downloadTemplate = () =>
    template.mutate(undefined, {
      onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? 'colleges.xlsx'),
    });

  return (
    <Modal
      open
      width={limits.dialogWidth}
      title={t('colleges.titles.import')}
      footer={null}
      onCancel={onClose}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('colleges.hints.importRules', { max: maxMb })}
        </Typography.Paragraph>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={template.isPending}
            onClick={downloadTemplate}
          >
            {t('colleges.actions.downloadTemplate')}
          </Button>
          <Upload<CollegeImportResult>
            customRequest={uploadRouteRequest(collegesApi.import)}
            accept={importFileExtensions.join(',')}
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              if (!isImportFileName(file.name)) {
                showErrorToast(t('colleges.errors.onlyExcel'));
                return Upload.LIST_IGNORE;
              }
              if (file.size > collegeLimits.importMaxBytes) {
                showErrorToast(t('colleges.errors.tooLarge', { max: maxMb }));
                return Upload.LIST_IGNORE;
              }
              setResult(null);
              return true;
            }}
            onChange={({ file }) => {
              if (file.status === 'uploading') return setUploading(true);
              setUploading(false);
              if (file.status !== 'done' || !file.response) return;
              const data = file.response;
              setResult(data);
              toast.success(t('colleges.done.imported', data));
              void client.invalidateQueries({ queryKey: collegeKeys.colleges() });
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={uploading}>
              {t('colleges.actions.chooseFile')}
            </Button>
          </Upload>
        </Space>
        {result && (
          <div>
            <Typography.Title level={5}>{t('colleges.titles.importResult')}</Typography.Title>
            <ImportResultView result={result} />
          </div>
        )}
      </Space>
    </Modal>
  );
}
