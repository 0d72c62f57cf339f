import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  Row,
  Space,
  Typography,
  Upload,
  type FormInstance,
} from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  defaultFooterQrImages,
  footerLimits,
  footerSaveSchema,
  type FooterSettings as Settings,
} from '@platform/contract';
import { apiLanguage } from '../../shared/i18n';
import { isRequestError } from '../../shared/request';
import { toast } from '../../shared/toast';
import { useCan } from '../../shared/permissions/useCan';
import { LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import {
  setFieldErrors,
  serverPathErrors,
  zodPathRules,
  type FieldMessages,
  type FieldPath,
} from '../../shared/zodForm';
import { footerSaveMutationOptions, footerSettingsQueryOptions, uploadFooterQr } from './adminApi';
import { footerBodyOf, footerValuesOf, previewOf, type FooterFormValues } from './footerForm';
import { useFooterLanguage } from './FooterParts';
import { PublicFooterView } from './PublicFooter';

const bilingualFields = new Set(['title', 'caption', 'companyName', 'address']);

/** Server errors on the form's inputs: a bilingual text's error goes on its Chinese input. */
function errorsOnInputs(fields: Record<string, string> | undefined) {
  return serverPathErrors(fields).map((e) => {
    const last = e.name[e.name.length - 1];
    return typeof last === 'string' && bilingualFields.has(last)
      ? { ...e, name: [...e.name, 'zh'] }
      : e;
  });
}

function useRules() {
  return (path: FieldPath, overrides: FieldMessages = {}) =>
    zodPathRules(footerSaveSchema, path, {
      toBody: (v) => footerBodyOf(v as FooterFormValues),
      parent: true,
      overrides,
    });
}

/** One QR code's image: upload (JPG or PNG up to 2 MB) or the default one. */
function QrImageField({ index, disabled }: { index: number; disabled: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<FooterFormValues>();
  const fileId = Form.useWatch(['qrCodes', index, 'fileId'], form) as string | null | undefined;
  const imageUrl = Form.useWatch(['qrCodes', index, 'imageUrl'], form) as string | undefined;
  const [busy, setBusy] = useState(false);
  const set = (id: string | null, url: string) => {
    form.setFieldValue(['qrCodes', index, 'fileId'], id);
    form.setFieldValue(['qrCodes', index, 'imageUrl'], url);
  };
  const send = async (file: File) => {
    setBusy(true);
    try {
      const uploaded = await uploadFooterQr(file);
      set(uploaded.fileId, uploaded.url);
      toast.success(t('footer.settings.done.uploaded'));
    } catch (error) {
      const text = t('footer.settings.failed.upload');
      toast.error(isRequestError(error) && error.message ? `${text}: ${error.message}` : text);
    } finally {
      setBusy(false);
    }
  };
  const label = t('footer.settings.fields.qrCode', { n: index + 1 });
  return (
    <Space align="start" wrap>
      {imageUrl && (
        <img
          src={imageUrl}
          alt={label}
          width={96}
          height={96}
          style={{ border: '1px solid #e4e7ec', objectFit: 'contain' }}
        />
      )}
      <Space orientation="vertical" size={4}>
        <Upload
          accept="image/png,image/jpeg"
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(file) => {
            const fits =
              ['image/png', 'image/jpeg'].includes(file.type) && file.size <= footerLimits.qrBytes;
            if (!fits) toast.error(t('footer.settings.failed.image'));
            else void send(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} disabled={disabled}>
            {t('footer.settings.actions.upload')}
          </Button>
        </Upload>
        {fileId && (
          <Button
            type="link"
            size="small"
            disabled={disabled}
            onClick={() => set(null, defaultFooterQrImages[index] ?? defaultFooterQrImages[0])}
          >
            {t('footer.settings.actions.useDefault')}
          </Button>
        )}
        <Typography.Text type="secondary">{t('footer.settings.hints.image')}</Typography.Text>
      </Space>
    </Space>
  );
}

/** A bilingual text as two inputs, checked together (at least one language). */
function BilingualPair({
  path,
  labels,
  max,
  required,
}: {
  path: FieldPath;
  labels: [string, string];
  max: number;
  required?: boolean;
}) {
  const rules = useRules();
  const zh = [...path, 'zh'];
  const en = [...path, 'en'];
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name={zh}
          label={labels[0]}
          required={required}
          rules={rules(zh)}
          dependencies={[en]}
        >
          <Input maxLength={max + 10} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={en} label={labels[1]} rules={rules(en)} dependencies={[zh]}>
          <Input maxLength={max + 10} />
        </Form.Item>
      </Col>
    </Row>
  );
}

function FooterForm({ settings, canEdit }: { settings: Settings; canEdit: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FooterFormValues>();
  const rules = useRules();
  const lang = useFooterLanguage();
  const save = useMutation(footerSaveMutationOptions());
  const initial = useMemo(() => footerValuesOf(settings), [settings]);
  const values = Form.useWatch([], form) as FooterFormValues | undefined;
  const preview = previewOf({ ...initial, ...values }, apiLanguage(lang));
  const f = (key: string) => t(`footer.settings.fields.${key}` as 'footer.settings.fields.url');
  const urlMessages = { invalid_format: t('footer.settings.rules.url') };

  const submit = async (form: FormInstance<FooterFormValues>) => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    try {
      const saved = await save.mutateAsync(footerBodyOf(form.getFieldsValue(true)));
      form.setFieldsValue(footerValuesOf(saved));
      toast.success(t('footer.settings.done.saved'));
    } catch (error) {
      const text = t('footer.settings.failed.save');
      toast.error(isRequestError(error) && error.message ? `${text}: ${error.message}` : text);
      if (isRequestError(error)) setFieldErrors(form, errorsOnInputs(error.fields));
    }
  };

  return (
    <Form<FooterFormValues>
      form={form}
      name="footer-settings"
      layout="vertical"
      initialValues={initial}
      disabled={!canEdit}
      onFinish={() => void submit(form)}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card title={t('footer.settings.sections.links')}>
          <Form.List name="links">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Row key={field.key} gutter={16} align="top">
                    <Col xs={24} md={7}>
                      <Form.Item
                        name={[field.name, 'title', 'zh']}
                        label={f('titleZh')}
                        required
                        rules={rules(['links', field.name, 'title', 'zh'])}
                        dependencies={[['links', field.name, 'title', 'en']]}
                      >
                        <Input maxLength={footerLimits.linkTitleMax + 10} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={7}>
                      <Form.Item name={[field.name, 'title', 'en']} label={f('titleEn')}>
                        <Input maxLength={footerLimits.linkTitleMax + 10} />
                      </Form.Item>
                    </Col>
                    <Col xs={20} md={8}>
                      <Form.Item
                        name={[field.name, 'url']}
                        label={f('url')}
                        required
                        rules={rules(['links', field.name, 'url'], urlMessages)}
                      >
                        <Input
                          maxLength={footerLimits.urlMax}
                          placeholder={t('footer.settings.hints.url')}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={4} md={2}>
                      <Form.Item label=" ">
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label={t('footer.settings.actions.removeLink')}
                          onClick={() => remove(field.name)}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  disabled={!canEdit || fields.length >= footerLimits.linksMax}
                  onClick={() => add({ title: { zh: '', en: '' }, url: '' })}
                >
                  {t('footer.settings.actions.addLink')}
                </Button>
              </>
            )}
          </Form.List>
        </Card>
        <Card title={t('footer.settings.sections.contact')}>
          <Row gutter={16}>
            {(['hotline', 'qqGroup', 'fax'] as const).map((key) => (
              <Col key={key} xs={24} md={8}>
                <Form.Item name={key} label={f(key)} rules={rules([key])}>
                  <Input maxLength={footerLimits.phoneMax + 5} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <BilingualPair
            path={['address']}
            labels={[f('addressZh'), f('addressEn')]}
            max={footerLimits.addressMax}
          />
        </Card>
        <Card title={t('footer.settings.sections.company')}>
          <BilingualPair
            path={['companyName']}
            labels={[f('companyZh'), f('companyEn')]}
            max={footerLimits.companyNameMax}
            required
          />
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="deviceModel" label={f('deviceModel')} rules={rules(['deviceModel'])}>
                <Input maxLength={footerLimits.deviceModelMax + 5} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="stockCode"
                label={f('stockCode')}
                extra={t('footer.settings.hints.stockCode')}
                rules={rules(['stockCode'], {
                  invalid_format: t('footer.settings.rules.stockCode'),
                })}
              >
                <Input maxLength={6} inputMode="numeric" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title={t('footer.settings.sections.qrCodes')}>
          {[0, 1].map((index) => (
            <div key={index}>
              <Typography.Title level={5}>
                {t('footer.settings.fields.qrCode', { n: index + 1 })}
              </Typography.Title>
              <BilingualPair
                path={['qrCodes', index, 'caption']}
                labels={[f('captionZh'), f('captionEn')]}
                max={footerLimits.captionMax}
                required
              />
              <Form.Item label={f('image')}>
                <QrImageField index={index} disabled={!canEdit} />
              </Form.Item>
            </div>
          ))}
        </Card>
        <Card title={t('footer.settings.preview')} styles={{ body: { padding: 0 } }}>
          <div style={{ overflow: 'hidden', borderRadius: '0 0 8px 8px' }}>
            <PublicFooterView footer={preview} />
          </div>
        </Card>
        {canEdit && (
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('footer.settings.actions.save')}
            </Button>
            <Button htmlType="button" onClick={() => form.resetFields()}>
              {t('footer.settings.actions.reset')}
            </Button>
          </Space>
        )}
      </Space>
    </Form>
  );
}

/** The footer's settings (portal/footer): what the public and signed-in footers show. */
export function FooterSettings() {
  const { t } = useTranslation();
  const can = useCan();
  const settings = useQuery(footerSettingsQueryOptions());
  if (settings.isPending) return <LoadingState />;
  if (settings.isError)
    return <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />;
  const canEdit = can('footer.edit');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('footer.settings.title')}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('footer.settings.intro')}
        </Typography.Paragraph>
      </Card>
      {!canEdit && <Alert type="info" showIcon title={t('footer.settings.noPermission')} />}
      <FooterForm settings={settings.data} canEdit={canEdit} />
    </Space>
  );
}
