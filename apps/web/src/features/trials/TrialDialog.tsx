import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form, Input, Modal, Radio, Space } from 'antd';
import {
  productDirections,
  subjectLlmDirection,
  trialApplySchema,
  trialLimits,
  trialPhoneSchema,
  trialsApi,
  trialSubjects,
  type ProductDirection,
} from '@platform/contract';
import { call } from '../../shared/call';
import { addTexts } from '../../shared/i18n';
import { toast } from '../../shared/toast';
import { AntdProvider } from '../../shared/ui/AntdProvider';
import {
  setFieldErrors,
  serverFieldErrors,
  zodRules,
  type FieldMessages,
} from '../../shared/zodForm';
import { trialsEn, trialsZh } from './locales';

// The dialog opens on public pages, which load without the signed-in area's texts.
addTexts('zh-CN', { trials: trialsZh });
addTexts('en-US', { trials: trialsEn });

interface TrialValues {
  applicant?: string;
  phone?: string;
  verificationCode?: string;
  collegeName?: string;
  professionalName?: string;
  productDirection?: ProductDirection;
  subjects?: string[];
  interestedContent?: string;
}
const fields = [
  'applicant',
  'phone',
  'verificationCode',
  'collegeName',
  'professionalName',
  'productDirection',
  'subjects',
  'interestedContent',
] as const;
type Field = (typeof fields)[number];

/** The body the contract checks: subjects comma-joined, apply type 0 (platform spec §3). */
function toBody(values: TrialValues) {
  return {
    ...values,
    subjects:
      values.productDirection === subjectLlmDirection && Array.isArray(values.subjects)
        ? values.subjects.join(',')
        : null,
    applyType: 0,
  };
}
const bodySchema = {
  safeParse: (values: unknown) => trialApplySchema.safeParse(toBody(values as TrialValues)),
} as unknown as typeof trialApplySchema;

/** Seconds left of the send button's countdown, ticking once a second. */
function useCountdown() {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(() => () => void (timer.current && clearInterval(timer.current)), []);
  const start = (seconds: number) => {
    setLeft(seconds);
    if (timer.current) clearInterval(timer.current);
    timer.current = setInterval(() => {
      setLeft((s) => {
        if (s > 1) return s - 1;
        if (timer.current) clearInterval(timer.current);
        return 0;
      });
    }, 1000);
  };
  return { left, start };
}

/** The trial application dialog of the public site (platform spec §3–§5). */
export function TrialDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TrialValues>();
  const direction = Form.useWatch('productDirection', form);
  const phone = Form.useWatch('phone', form);
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  const overrides = (field: Field): FieldMessages => ({
    required: t(`trials.apply.required.${field === 'interestedContent' ? 'applicant' : field}`),
    too_long: t('trials.apply.tooLong', {
      max: {
        applicant: trialLimits.applicantMax,
        phone: trialLimits.phoneMax,
        verificationCode: trialLimits.codeMax,
        collegeName: trialLimits.collegeNameMax,
        professionalName: trialLimits.professionalNameMax,
        productDirection: 0,
        subjects: 500,
        interestedContent: trialLimits.interestedContentMax,
      }[field],
    }),
    invalid_format: t('trials.apply.phoneFormat'),
  });
  const item = (field: Field, required = true) => ({
    name: field,
    label:
      field === 'verificationCode'
        ? t('trials.apply.verificationCode')
        : t(`trials.fields.${field}`),
    required,
    rules: zodRules(bodySchema, field, fields, overrides(field)),
  });
  const phoneValid = trialPhoneSchema.safeParse(phone ?? '').success;

  const sendCode = async () => {
    if (!phoneValid || sending || countdown.left > 0) return;
    setSending(true);
    try {
      const sent = await call(trialsApi.sendCode, { query: { phone: (phone ?? '').trim() } });
      countdown.start(sent.resendSeconds);
      toast.success(t('trials.apply.codeSent', { minutes: Math.round(sent.validSeconds / 60) }));
    } catch {
      // The request layer has shown the server's reason (a cap, a bad number).
    } finally {
      setSending(false);
    }
  };

  const submit = async (values: TrialValues) => {
    if (busy.current) return;
    const parsed = trialApplySchema.safeParse(toBody(values));
    if (!parsed.success) return;
    busy.current = true;
    setSubmitting(true);
    try {
      await call(trialsApi.apply, { body: parsed.data });
      toast.success(t('trials.apply.done'));
      form.resetFields();
      onClose();
    } catch (error) {
      const fieldsOf = (error as { fields?: Record<string, string> }).fields;
      setFieldErrors(form, serverFieldErrors(fieldsOf, fields));
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  return (
    <AntdProvider>
      <Modal
        open={open}
        title={t('trials.apply.title')}
        onCancel={onClose}
        footer={null}
        destroyOnHidden
        width={560}
      >
        <Form<TrialValues>
          form={form}
          name="trial-apply"
          layout="vertical"
          onFinish={(values) => void submit(values)}
        >
          <Form.Item {...item('applicant')}>
            <Input maxLength={trialLimits.applicantMax} autoComplete="name" />
          </Form.Item>
          <Form.Item {...item('phone')}>
            <Input maxLength={trialLimits.phoneMax} inputMode="tel" autoComplete="tel" />
          </Form.Item>
          <Form.Item label={t('trials.apply.verificationCode')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item {...item('verificationCode')} noStyle>
                <Input
                  maxLength={trialLimits.codeMax}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  aria-label={t('trials.apply.verificationCode')}
                />
              </Form.Item>
              <Button
                onClick={() => void sendCode()}
                disabled={!phoneValid || countdown.left > 0}
                loading={sending}
              >
                {countdown.left > 0
                  ? t('trials.apply.resendIn', { seconds: countdown.left })
                  : t('trials.apply.sendCode')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item {...item('collegeName')}>
            <Input maxLength={trialLimits.collegeNameMax} />
          </Form.Item>
          <Form.Item {...item('professionalName')}>
            <Input maxLength={trialLimits.professionalNameMax} />
          </Form.Item>
          <Form.Item {...item('productDirection')}>
            <Radio.Group
              options={productDirections.map((d) => ({
                value: d,
                label: t(`trials.direction.${d}`),
              }))}
            />
          </Form.Item>
          {direction === subjectLlmDirection && (
            <Form.Item {...item('subjects')} dependencies={['productDirection']}>
              <Checkbox.Group
                options={trialSubjects.map((s) => ({ value: s, label: t(`trials.subject.${s}`) }))}
              />
            </Form.Item>
          )}
          <Form.Item {...item('interestedContent', false)}>
            <Input.TextArea maxLength={trialLimits.interestedContentMax} showCount rows={3} />
          </Form.Item>
          <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>{t('trials.apply.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={submitting}>
              {t('trials.apply.submit')}
            </Button>
          </Space>
        </Form>
      </Modal>
    </AntdProvider>
  );
}
