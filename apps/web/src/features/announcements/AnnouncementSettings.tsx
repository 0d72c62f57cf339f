import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Radio, Skeleton, Space, Tag, Typography } from 'antd';
import {
  announcementActive,
  announcementLimits,
  announcementSaveSchema,
  type Announcement,
  type AnnouncementEdit,
} from '@platform/contract';
import { renderHtml } from '@platform/rich-text';
import { isRequestError } from '../../shared/request';
import { toast } from '../../shared/toast';
import { useCan } from '../../shared/permissions/useCan';
import { DateTimeField } from '../../shared/ui/DateFields';
import { LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import {
  setFieldErrors,
  bodyRules,
  serverFieldErrors,
  type FieldMessages,
} from '../../shared/zodForm';
import { announcementEditQueryOptions, announcementSaveMutationOptions } from './adminApi';
import {
  announcementBodyOf,
  announcementValuesOf,
  type AnnouncementFormValues,
} from './announcementForm';
import { AnnouncementOverlay } from './AnnouncementOverlay';

const RichTextEditor = lazy(() => import('../../shared/ui/RichTextEditor'));

type Field = keyof AnnouncementFormValues;
const fields: readonly Field[] = ['title', 'content', 'footer', 'start', 'end', 'announceType'];

/** The announcement the overlay would show for the form's values, or null if it cannot. */
function previewOf(v: AnnouncementFormValues): Announcement | null {
  const body = announcementBodyOf(v);
  const parsed = announcementSaveSchema.safeParse(body);
  if (!parsed.success) return null;
  try {
    return {
      title: parsed.data.title,
      content: renderHtml(parsed.data.content),
      footer: parsed.data.footer,
      start: parsed.data.start,
      end: parsed.data.end,
      announceType: parsed.data.announceType,
    };
  } catch {
    return null;
  }
}

function Status({ saved }: { saved: AnnouncementEdit | null }) {
  const { t } = useTranslation();
  const showing = announcementActive(saved, new Date());
  return (
    <Space>
      <Typography.Text>{t('announcements.status.label')}</Typography.Text>
      {saved ? (
        <Tag color={showing ? 'green' : 'default'}>
          {t(showing ? 'announcements.status.showing' : 'announcements.status.notShowing')}
        </Tag>
      ) : (
        <Tag>{t('announcements.status.none')}</Tag>
      )}
    </Space>
  );
}

function AnnouncementForm({
  saved,
  canEdit,
}: {
  saved: AnnouncementEdit | null;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AnnouncementFormValues>();
  const save = useMutation(announcementSaveMutationOptions());
  const initial = useMemo(() => announcementValuesOf(saved), [saved]);
  const [preview, setPreview] = useState<Announcement | null>(null);

  const messages = useMemo<Record<Field, FieldMessages>>(
    () => ({
      title: { too_long: t('announcements.rules.title') },
      content: { required: t('announcements.rules.content') },
      footer: { too_long: t('announcements.rules.footer') },
      start: { required: t('announcements.rules.start') },
      end: {
        required: t('announcements.rules.end'),
        invalid_value: t('announcements.rules.endAfterStart'),
      },
      announceType: {},
    }),
    [t],
  );
  const rules = (field: Field) =>
    bodyRules(announcementSaveSchema, announcementBodyOf, field, messages[field]);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    try {
      const body = announcementBodyOf(form.getFieldsValue(true));
      form.setFieldsValue(announcementValuesOf(await save.mutateAsync(body)));
      toast.success(t('announcements.done.saved'));
    } catch (error) {
      const text = t('announcements.failed.save');
      toast.error(isRequestError(error) && error.message ? `${text}: ${error.message}` : text);
      if (isRequestError(error))
        setFieldErrors(form, serverFieldErrors(error.fields, fields, messages));
    }
  };

  const openPreview = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const next = previewOf(form.getFieldsValue(true));
    if (next) setPreview(next);
    else toast.error(t('announcements.failed.preview'));
  };

  return (
    <Form<AnnouncementFormValues>
      form={form}
      name="announcement-settings"
      layout="vertical"
      initialValues={initial}
      disabled={!canEdit}
      onFinish={() => void submit()}
      style={{ maxWidth: 900 }}
    >
      <Form.Item name="title" label={t('announcements.fields.title')} rules={rules('title')}>
        <Input
          placeholder={t('announcements.placeholders.title')}
          maxLength={announcementLimits.titleMax + 10}
        />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('announcements.fields.content')}
        required
        rules={rules('content')}
      >
        <ContentEditor label={t('announcements.fields.content')} />
      </Form.Item>
      <Form.Item name="footer" label={t('announcements.fields.footer')} rules={rules('footer')}>
        <Input
          placeholder={t('announcements.placeholders.footer')}
          maxLength={announcementLimits.footerMax + 10}
        />
      </Form.Item>
      <Space wrap size="middle" align="start">
        <Form.Item
          name="start"
          label={t('announcements.fields.start')}
          required
          rules={rules('start')}
        >
          <DateTimeField />
        </Form.Item>
        <Form.Item
          name="end"
          label={t('announcements.fields.end')}
          required
          dependencies={['start']}
          rules={rules('end')}
        >
          <DateTimeField />
        </Form.Item>
      </Space>
      <Form.Item
        name="announceType"
        label={t('announcements.fields.announceType')}
        rules={rules('announceType')}
      >
        <Radio.Group
          options={[
            { value: 'once', label: t('announcements.types.once') },
            { value: 'always', label: t('announcements.types.always') },
          ]}
        />
      </Form.Item>
      <Space wrap>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('announcements.actions.save')}
          </Button>
        )}
        <Button htmlType="button" disabled={false} onClick={() => void openPreview()}>
          {t('announcements.actions.preview')}
        </Button>
        {canEdit && (
          <Button htmlType="button" onClick={() => form.resetFields()}>
            {t('announcements.actions.reset')}
          </Button>
        )}
      </Space>
      {preview && <AnnouncementOverlay announcement={preview} onClose={() => setPreview(null)} />}
    </Form>
  );
}

/** The rich-text editor of the content, loaded when the page first shows it. */
function ContentEditor(props: {
  value?: AnnouncementFormValues['content'];
  onChange?: (doc: NonNullable<AnnouncementFormValues['content']>) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <RichTextEditor {...props} placeholder={t('announcements.placeholders.content')} />
    </Suspense>
  );
}

/**
 * The system announcement's editor (portal/announcement, platform spec §3): title (default
 * 系统公告), rich-text content, footer note, time window and how often it shows; a preview opens
 * the overlay as users will see it.
 */
export function AnnouncementSettings() {
  const { t } = useTranslation();
  const can = useCan();
  const saved = useQuery(announcementEditQueryOptions());
  if (saved.isPending) return <LoadingState />;
  if (saved.isError) return <LoadFailed error={saved.error} onRetry={() => void saved.refetch()} />;
  const canEdit = can('announcement.edit');
  return (
    <Card title={t('announcements.title')} extra={<Status saved={saved.data} />}>
      <Typography.Paragraph type="secondary">{t('announcements.intro')}</Typography.Paragraph>
      {!canEdit && (
        <Alert
          type="info"
          showIcon
          title={t('announcements.noPermission')}
          style={{ marginBottom: 16 }}
        />
      )}
      <AnnouncementForm key={JSON.stringify(saved.data)} saved={saved.data} canEdit={canEdit} />
    </Card>
  );
}
