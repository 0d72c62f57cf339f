import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { courseResourceMaxBytes, coursesApi, type CourseResource } from '@platform/contract';
import { formatTime } from '../../../shared/dates';
import { usePaging } from '../../../shared/usePaging';
import { showErrorToast, toast } from '../../../shared/toast';
import { DownloadButton } from '../../../shared/ui/DownloadButton';
import { FilterBar, SearchFilter } from '../../../shared/ui/Filters';
import { PageTable } from '../../../shared/ui/PageTable';
import { actionsColumn } from '../../../shared/ui/RowActions';
import { uploadRouteRequest } from '../../../shared/ui/uploadRequest';
import { formatBytes } from '../../labs/format';
import {
  courseKeys,
  downloadResource,
  resourceDeleteMutationOptions,
  resourcePageQueryOptions,
} from './api';
import { DeleteAction } from './courseParts';

const maxMb = Math.round(courseResourceMaxBytes / 1024 / 1024);

/** The resource file table of a course: paged, searched by name, with upload and delete. */
export function ResourceTable({ courseId, manage }: { courseId: string; manage: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [name, setName] = useState<string | undefined>();
  const [uploads, setUploads] = useState<UploadFile[]>([]);
  const { paging, pagination, reset } = usePaging((total) =>
    t('courses.manage.hints.total', { total }),
  );
  const page = useQuery(
    resourcePageQueryOptions({ courseId, ...paging, ...(name ? { name } : {}) }),
  );
  const remove = useMutation(resourceDeleteMutationOptions());

  const columns = [
    { key: 'name', dataIndex: 'name', title: t('courses.manage.fields.fileName') },
    {
      key: 'size',
      dataIndex: 'size',
      title: t('courses.manage.fields.size'),
      render: (size: number) => formatBytes(size),
    },
    { key: 'contentType', dataIndex: 'contentType', title: t('courses.manage.fields.contentType') },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('courses.manage.fields.createdAt'),
      render: (iso: string) => formatTime(iso),
    },
    actionsColumn<CourseResource>(t('courses.manage.fields.actions'), (resource) => (
      <Space size={4}>
        <DownloadButton download={() => downloadResource(resource.id, resource.name)}>
          {t('courses.manage.actions.download')}
        </DownloadButton>
        {manage && (
          <DeleteAction
            title={t('courses.manage.confirm.deleteResource', { name: resource.name })}
            run={() => remove.mutateAsync(resource.id)}
            done={t('courses.manage.done.resourceDeleted')}
          />
        )}
      </Space>
    )),
  ];

  return (
    <>
      <FilterBar>
        <SearchFilter
          placeholder={t('courses.manage.placeholders.resourceName')}
          maxLength={100}
          width={220}
          onSearch={(text) => {
            setName(text);
            reset();
          }}
        />
        {manage && (
          <Upload
            customRequest={uploadRouteRequest(coursesApi.resourceUpload, { courseId })}
            fileList={uploads}
            beforeUpload={(file) => {
              if (file.size <= courseResourceMaxBytes) return true;
              showErrorToast(t('courses.manage.rules.tooLarge', { max: maxMb }));
              return Upload.LIST_IGNORE;
            }}
            onChange={({ file, fileList }) => {
              if (file.status === 'done') {
                toast.success(t('courses.manage.done.resourceUploaded', { name: file.name }));
                void client.invalidateQueries({ queryKey: courseKeys.all });
              }
              setUploads(fileList.filter((f) => f.status !== 'done'));
            }}
          >
            <Button icon={<UploadOutlined />}>{t('courses.manage.actions.upload')}</Button>
          </Upload>
        )}
      </FilterBar>
      <PageTable<CourseResource>
        page={page}
        pagination={pagination(page.data?.total)}
        columns={columns}
      />
    </>
  );
}
