import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { Breadcrumb, Button, Progress, Space, Table, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { labLimits, type FileEntry, labsApi } from '@platform/contract';
import type { Downloaded } from '../../shared/request';
import { formatTime } from '../../shared/dates';
import { saveBlob } from '../../shared/saveBlob';
import { showErrorToast, toast } from '../../shared/toast';
import { LoadFailed } from '../../shared/ui/PageStates';
import { uploadRouteRequest } from '../../shared/ui/uploadRequest';
import { downloadLabFile, labKeys, listLabFiles, type DownloadProgress } from './api';
import { formatBytes } from './format';

const maxMb = Math.round(labLimits.uploadMaxBytes / 1024 / 1024);

/** Uploads into the folder shown: antd Upload with its progress, the size checked here too. */
function FileUpload(props: { containerId: string; path: string; onUploaded: () => void }) {
  const { t } = useTranslation();
  const [list, setList] = useState<UploadFile[]>([]);
  return (
    <Upload
      customRequest={uploadRouteRequest(labsApi.uploadFile, {
        containerId: props.containerId,
        path: props.path,
      })}
      fileList={list}
      beforeUpload={(file) => {
        if (file.size <= labLimits.uploadMaxBytes) return true;
        showErrorToast(t('labs.workspace.tooLarge', { max: maxMb }));
        return Upload.LIST_IGNORE;
      }}
      onChange={({ file, fileList }) => {
        if (file.status === 'done') {
          toast.success(t('labs.workspace.uploaded', { name: file.name }));
          props.onUploaded();
        }
        setList(fileList);
      }}
    >
      <Button>{t('labs.workspace.upload')}</Button>
    </Upload>
  );
}

interface DownloadState {
  name: string;
  loaded: number;
  total: number | null;
}

/** Where a file browser reads from: a folder's entries, a file's bytes, uploads if allowed. */
export interface FileSource {
  folderKey: (path: string) => QueryKey;
  folder: (path: string, signal: AbortSignal) => Promise<FileEntry[]>;
  download: (path: string, onProgress: DownloadProgress) => Promise<Downloaded>;
  /** The lab container uploads go to; without it the files are read-only. */
  uploadTo?: string;
}

/** The files of a running lab of the user's own. */
export function labFileSource(containerId: string): FileSource {
  return {
    folderKey: (path) => labKeys.files(containerId, path),
    folder: (path, signal) => listLabFiles(containerId, path, signal),
    download: (path, onProgress) => downloadLabFile(containerId, path, onProgress),
    uploadTo: containerId,
  };
}

/** A lab home's files: folders to walk through, upload, download with progress, refresh. */
export function FileBrowser({ source }: { source: FileSource }) {
  const { t } = useTranslation();
  const [path, setPath] = useState('');
  const files = useQuery({
    queryKey: source.folderKey(path),
    queryFn: ({ signal }) => source.folder(path, signal),
  });
  const download = useMutation({
    mutationFn: (v: { path: string; onProgress: DownloadProgress }) =>
      source.download(v.path, v.onProgress),
  });
  const [progress, setProgress] = useState<DownloadState | null>(null);
  const segments = path.split('/').filter(Boolean);

  const startDownload = (entry: FileEntry) => {
    const track = (loaded: number, total: number | null) =>
      setProgress({ name: entry.name, loaded, total: total ?? (entry.size || null) });
    track(0, null);
    download.mutate(
      { path: entry.path, onProgress: track },
      {
        onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? entry.name),
        onSettled: () => setProgress(null),
      },
    );
  };

  const crumb = (title: string, to: string) => ({
    key: to || '/',
    title: (
      <Button type="link" size="small" className="env-crumb" onClick={() => setPath(to)}>
        {title}
      </Button>
    ),
  });

  return (
    <div className="env-files">
      <Space wrap className="env-files__bar">
        <Breadcrumb
          items={[
            crumb(t('labs.workspace.home'), ''),
            ...segments.map((name, i) => crumb(name, segments.slice(0, i + 1).join('/'))),
          ]}
        />
        {source.uploadTo && (
          <FileUpload
            containerId={source.uploadTo}
            path={path}
            onUploaded={() => void files.refetch()}
          />
        )}
        <Button onClick={() => void files.refetch()} disabled={files.isFetching}>
          {t('labs.workspace.refresh')}
        </Button>
      </Space>
      {progress && (
        <div className="env-files__progress">
          <Typography.Text>
            {t('labs.workspace.downloading', {
              name: progress.name,
              loaded: formatBytes(progress.loaded),
            })}
          </Typography.Text>
          <Progress
            percent={progress.total ? Math.floor((progress.loaded * 100) / progress.total) : 0}
            status="active"
          />
        </div>
      )}
      {files.isError ? (
        <LoadFailed error={files.error} onRetry={() => void files.refetch()} />
      ) : (
        <Table<FileEntry>
          rowKey="path"
          size="small"
          loading={files.isFetching}
          dataSource={files.data ?? []}
          pagination={false}
          locale={{ emptyText: t('labs.workspace.empty') }}
          columns={[
            {
              key: 'name',
              title: t('labs.workspace.name'),
              render: (_, entry) =>
                entry.isDir ? (
                  <Button type="link" size="small" onClick={() => setPath(entry.path)}>
                    {`${entry.name}/`}
                  </Button>
                ) : (
                  entry.name
                ),
            },
            {
              key: 'size',
              title: t('labs.workspace.size'),
              render: (_, entry) => (entry.isDir ? '—' : formatBytes(entry.size)),
            },
            {
              key: 'modifiedAt',
              title: t('labs.workspace.modifiedAt'),
              render: (_, entry) => formatTime(entry.modifiedAt),
            },
            {
              key: 'actions',
              title: t('labs.workspace.actions'),
              render: (_, entry) =>
                entry.isDir ? null : (
                  <Button
                    size="small"
                    onClick={() => startDownload(entry)}
                    disabled={download.isPending}
                    aria-label={t('labs.workspace.downloadFile', { name: entry.name })}
                  >
                    {t('labs.workspace.download')}
                  </Button>
                ),
            },
          ]}
        />
      )}
    </div>
  );
}
