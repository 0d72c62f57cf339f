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
      <Typography.Text>{t('announcementSettings.status.label')}</Typography.Text>
      {saved ? (
        <Tag color={showing ? 'green' : 'default'}>
          {t(
            showing
              ? 'announcementSettings.status.showing'
              : 'announcementSettings.status.notShowing',
          )}
        </Tag>
      ) : (
        <Tag>{t('announcementSettings.status.none')}</Tag>
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
      title: { too_long: t('announcementSettings.rules.title') },
      content: { required: t('announcementSettings.rules.content') },
      footer: { too_long: t('announcementSettings.rules.footer') },
      start: { required: t('announcementSettings.rules.start') },
      end: {
        required: t('announcementSettings.rules.end'),
        invalid_value: t('announcementSettings.rules.endAfterStart'),
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
      toast.success(t('announcementSettings.done.saved'));
    } catch (error) {
      const text = t('announcementSettings.failed.save');
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
    else toast.error(t('announcementSettings.failed.preview'));
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
      <Form.Item name="title" label={t('announcementSettings.fields.title')} rules={rules('title')}>
        <Input
          placeholder={t('announcementSettings.placeholders.title')}
          maxLength={announcementLimits.titleMax + 10}
        />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('announcementSettings.fields.content')}
        required
        rules={rules('content')}
      >
        <ContentEditor label={t('announcementSettings.fields.content')} />
      </Form.Item>
      <Form.Item
        name="footer"
        label={t('announcementSettings.fields.footer')}
        rules={rules('footer')}
      >
        <Input
          placeholder={t('announcementSettings.placeholders.footer')}
          maxLength={announcementLimits.footerMax + 10}
        />
      </Form.Item>
      <Space wrap size="middle" align="start">
        <Form.Item
          name="start"
          label={t('announcementSettings.fields.start')}
          required
          rules={rules('start')}
        >
          <DateTimeField />
        </Form.Item>
        <Form.Item
          name="end"
          label={t('announcementSettings.fields.end')}
          required
          dependencies={['start']}
          rules={rules('end')}
        >
          <DateTimeField />
        </Form.Item>
      </Space>
      <Form.Item
        name="announceType"
        label={t('announcementSettings.fields.announceType')}
        rules={rules('announceType')}
      >
        <Radio.Group
          options={[
            { value: 'once', label: t('announcementSettings.types.once') },
            { value: 'always', label: t('announcementSettings.types.always') },
          ]}
        />
      </Form.Item>
      <Space wrap>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('announcementSettings.actions.save')}
          </Button>
        )}
        <Button htmlType="button" disabled={false} onClick={() => void openPreview()}>
          {t('announcementSettings.actions.preview')}
        </Button>
        {canEdit && (
          <Button htmlType="button" onClick={() => form.resetFields()}>
            {t('announcementSettings.actions.reset')}
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
      <RichTextEditor {...props} placeholder={t('announcementSettings.placeholders.content')} />
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
    <Card title={t('announcementSettings.title')} extra={<Status saved={saved.data} />}>
      <Typography.Paragraph type="secondary">
        {t('announcementSettings.intro')}
      </Typography.Paragraph>
      {!canEdit && (
        <Alert
          type="info"
          showIcon
          title={t('announcementSettings.noPermission')}
          style={{ marginBottom: 16 }}
        />
      )}
      <AnnouncementForm key={JSON.stringify(saved.data)} saved={saved.data} canEdit={canEdit} />
    </Card>
  );
}
