import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Form,
  Image,
  Input,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Upload,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { cmsApi, pathOf } from '@platform/contract';
import type { RichDocument } from '@platform/rich-text';
import type { UseMutationOptions } from '@tanstack/react-query';
import { saveErrors, useSaveDialog } from '../../shared/dialogForm';
import { isRequestError } from '../../shared/request';
import { toast } from '../../shared/toast';
import { useCan } from '../../shared/permissions/useCan';
import { PageTable, type PageTableProps } from '../../shared/ui/PageTable';
import { actionsColumn, ConfirmAction, RowAction } from '../../shared/ui/RowActions';
import {
  deleteMutationOptions,
  publishMutationOptions,
  uploadCmsImage,
  type ContentKind,
} from './api';

const RichTextEditor = lazy(() => import('../../shared/ui/RichTextEditor'));

/** A failure told with the spec's text, and the server's reason when it gave one. */
export function useFailure() {
  const { t } = useTranslation();
  return (what: 'save' | 'delete' | 'operation' | 'upload', error: unknown) => {
    const text = t(`cms.failed.${what}`);
    return isRequestError(error) && error.message ? `${text}: ${error.message}` : text;
  };
}

/** A list that did not load: the spec's "Failed to get ... list", with a retry. */
export function ListFailed({ text, retry }: { text: string; retry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={text}
      action={
        <Button size="small" type="primary" onClick={() => void retry()}>
          {t('app.retry')}
        </Button>
      }
    />
  );
}

export function PublishTag({ isPublish }: { isPublish: 0 | 1 }) {
  const { t } = useTranslation();
  return isPublish === 1 ? (
    <Tag color="green">{t('cms.values.published')}</Tag>
  ) : (
    <Tag>{t('cms.values.unpublished')}</Tag>
  );
}

export function DeleteAction({ kind, id, name }: { kind: ContentKind; id: string; name: string }) {
  const { t } = useTranslation();
  const failure = useFailure();
  const remove = useMutation(deleteMutationOptions(kind));
  return (
    <ConfirmAction
      title={t('cms.confirmDelete', { name })}
      okText={t('cms.actions.confirm')}
      cancelText={t('cms.actions.cancel')}
      okButtonProps={{}}
      loading={remove.isPending}
      onConfirm={() =>
        remove.mutateAsync(id).then(
          () => void toast.success(t('cms.done.deleted')),
          (error: unknown) => void toast.error(failure('delete', error)),
        )
      }
    >
      {t('cms.actions.delete')}
    </ConfirmAction>
  );
}

/** Publishes an unpublished row, or cancels the publication of a published one. */
export function PublishAction({
  kind,
  id,
  isPublish,
}: {
  kind: 'catalog' | 'article' | 'notice';
  id: string;
  isPublish: 0 | 1;
}) {
  const { t } = useTranslation();
  const failure = useFailure();
  const publish = useMutation(publishMutationOptions(kind));
  const next = isPublish === 1 ? 0 : 1;
  return (
    <RowAction
      disabled={publish.isPending}
      onClick={() =>
        void publish.mutateAsync({ id, isPublish: next }).then(
          () => void toast.success(t(next === 1 ? 'cms.done.published' : 'cms.done.unpublished')),
          (error: unknown) => void toast.error(failure('operation', error)),
        )
      }
    >
      {t(next === 1 ? 'cms.actions.publish' : 'cms.actions.unpublish')}
    </RowAction>
  );
}

/** A rich-text input of a form, its editor loaded when first shown; images go to the portal. */
export function RichTextInput(props: {
  value?: RichDocument | null;
  onChange?: (doc: RichDocument) => void;
  label: string;
}) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <RichTextEditor {...props} onUploadImage={async (file) => (await uploadCmsImage(file)).url} />
    </Suspense>
  );
}

/** An image of the portal, kept as its file id: upload (JPG or PNG up to 5 MB) and preview. */
export function ImageInput({
  value,
  onChange,
  label,
}: {
  value?: string | null;
  onChange?: (fileId: string | null) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const failure = useFailure();
  const [busy, setBusy] = useState(false);
  const send = async (file: File) => {
    setBusy(true);
    try {
      onChange?.((await uploadCmsImage(file)).fileId);
    } catch (error) {
      toast.error(failure('upload', error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space align="start">
      {value && <Image width={96} alt={label} src={pathOf(cmsApi.image.path, { fileId: value })} />}
      <Space orientation="vertical" size={4}>
        <Upload
          accept="image/png,image/jpeg"
          showUploadList={false}
          beforeUpload={(file) => {
            const fits = ['image/png', 'image/jpeg'].includes(file.type) && file.size <= 5 << 20;
            if (!fits) toast.error(t('cms.failed.image'));
            else void send(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} aria-label={label}>
            {t('cms.actions.upload')}
          </Button>
        </Upload>
        <span className="ant-form-item-extra">{t('cms.hints.image')}</span>
      </Space>
    </Space>
  );
}

/**
 * The Chinese and English inputs of a bilingual text, checked together: one line each, or text
 * areas of `rows` rows counting up to the limit.
 */
export function BilingualInputs({
  zh,
  en,
  labels,
  rules,
  maxLength,
  rows,
  required,
}: {
  zh: string;
  en: string;
  labels: [string, string];
  rules: Parameters<typeof Form.Item>[0]['rules'];
  maxLength: number;
  rows?: number;
  required?: boolean;
}): ReactNode {
  const input = rows ? (
    <Input.TextArea rows={rows} maxLength={maxLength} showCount />
  ) : (
    <Input maxLength={maxLength + 10} />
  );
  return (
    <>
      <Form.Item name={zh} label={labels[0]} rules={rules} dependencies={[en]} required={required}>
        {input}
      </Form.Item>
      <Form.Item name={en} label={labels[1]} dependencies={[zh]}>
        {input}
      </Form.Item>
    </>
  );
}

/**
 * A save dialog of the portal: saved is told, a refused save is told with the spec's text and
 * its field errors land on the form's fields.
 */
export function useCmsDialog<V, B, D, F extends string>(options: {
  mutation: UseMutationOptions<D, Error, B>;
  body: (values: V) => B;
  onClose: () => void;
  fields: readonly F[];
  fieldOfErrorKey?: Partial<Record<string, NoInfer<F>>>;
}) {
  const { t } = useTranslation();
  const failure = useFailure();
  return useSaveDialog<V, B, D>({
    ...options,
    saved: t('cms.done.saved'),
    errors: (error) => {
      toast.error(failure('save', error));
      return saveErrors(error, options.fields, {}, options.fieldOfErrorKey ?? {});
    },
  });
}

/** Rich text in Chinese and English, one editor per language in tabs. */
export function RichTextTabs({ rules }: { rules: Parameters<typeof Form.Item>[0]['rules'] }) {
  const { t } = useTranslation();
  const tab = (name: 'contentZh' | 'contentEn') => ({
    key: name,
    label: t(`cms.fields.${name}`),
    forceRender: true,
    children: (
      <Form.Item
        name={name}
        rules={name === 'contentZh' ? rules : undefined}
        dependencies={[name === 'contentZh' ? 'contentEn' : 'contentZh']}
      >
        <RichTextInput label={t(`cms.fields.${name}`)} />
      </Form.Item>
    ),
  });
  return <Tabs items={[tab('contentZh'), tab('contentEn')]} />;
}

/** A portal page: its title, the add button for those who may edit, and its content. */
export function ContentCard({
  title,
  onAdd,
  children,
}: {
  title: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <Card
      title={title}
      extra={
        can('cms.edit') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {t('cms.actions.add')}
          </Button>
        )
      }
    >
      {children}
    </Card>
  );
}

/** A server page of portal rows; a failed load says the spec's "Failed to get ... list". */
export function ContentTable<T extends { id: string }>({
  failedText,
  ...props
}: Omit<PageTableProps<T>, 'failed'> & { failedText: string }) {
  return (
    <PageTable<T>
      {...props}
      failed={<ListFailed text={failedText} retry={() => props.page.refetch()} />}
    />
  );
}

/** The row actions a user may take: edit, publish or cancel, delete. */
export function rowActions<T extends { id: string }>(
  t: (key: 'cms.fields.actions' | 'cms.actions.edit') => string,
  can: (key: 'cms.edit' | 'cms.publish') => boolean,
  opts: {
    kind: ContentKind;
    name: (row: T) => string;
    onEdit: (row: T) => void;
    publishOf?: (row: T) => 0 | 1;
    extra?: (row: T) => ReactNode;
  },
): TableColumnsType<T> {
  const { kind, publishOf } = opts;
  const edit = can('cms.edit');
  const publish =
    Boolean(publishOf) && can('cms.publish') && kind !== 'attribute' && kind !== 'template';
  if (!edit && !publish) return [];
  return [
    actionsColumn<T>(
      t('cms.fields.actions'),
      (row) => (
        <>
          {edit && <RowAction onClick={() => opts.onEdit(row)}>{t('cms.actions.edit')}</RowAction>}
          {edit && opts.extra?.(row)}
          {publish && publishOf && (
            <PublishAction kind={kind} id={row.id} isPublish={publishOf(row)} />
          )}
          {edit && <DeleteAction kind={kind} id={row.id} name={opts.name(row)} />}
        </>
      ),
      { wrap: kind === 'catalog' },
    ),
  ];
}
