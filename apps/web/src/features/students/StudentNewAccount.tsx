import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Space,
  Tag,
  Typography,
} from 'antd';
import {
  batchCreateLimits,
  batchStuNos,
  studentBatchCreateSchema,
  type StudentBatchCreate,
  type StudentBatchResult,
} from '@platform/contract';
import { setFieldErrors, zodRules } from '../../shared/zodForm';
import { saveErrors } from '../../shared/dialogForm';
import { useAreaNavigate } from '../../shared/areaNavigation';
import { BackButton } from '../../shared/ui/BackButton';
import { failureText, studentPaths } from './accountParts';
import { studentBatchCreateMutationOptions } from './api';
import { ClassSelect } from './ClassSelect';

type Field = keyof StudentBatchCreate;
const fields: readonly Field[] = ['classId', 'stuNoPrefix', 'start', 'count', 'digits'];
const initialValues = { stuNoPrefix: '', start: 1, count: 10, digits: 3 };
/** How many numbers the preview shows at each end. */
const previewEnds = 5;
const layout = { labelCol: { flex: '120px' }, wrapperCol: { flex: '1' } } as const;

/** Numbered student accounts at once (school/students/new-account): form, preview, result. */
export function StudentNewAccount() {
  const { t } = useTranslation();
  const [result, setResult] = useState<StudentBatchResult | null>(null);
  const go = useAreaNavigate();

  return (
    <Card
      title={t('students.titles.newAccount')}
      extra={<BackButton fallback={studentPaths.list}>{t('students.actions.back')}</BackButton>}
    >
      {result ? (
        <Result
          status="success"
          title={t('students.batch.resultTitle', { count: result.stuNos.length })}
          subTitle={t('students.batch.resultText', {
            className: result.className,
            first: result.stuNos[0],
            last: result.stuNos.at(-1),
          })}
          extra={[
            <Button key="list" type="primary" onClick={() => go(studentPaths.list)}>
              {t('students.actions.backToList')}
            </Button>,
            <Button key="more" onClick={() => setResult(null)}>
              {t('students.actions.createMore')}
            </Button>,
          ]}
        />
      ) : (
        <BatchForm onCreated={setResult} />
      )}
    </Card>
  );
}

function BatchForm({ onCreated }: { onCreated: (result: StudentBatchResult) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StudentBatchCreate>();
  const create = useMutation(studentBatchCreateMutationOptions());
  const values = Form.useWatch([], form) as Partial<StudentBatchCreate> | undefined;
  const parsed = studentBatchCreateSchema.safeParse({ ...values, classId: '1' });
  const numbers = parsed.success ? batchStuNos(parsed.data) : [];

  const rulesOf = (field: Field) =>
    zodRules(
      studentBatchCreateSchema,
      field,
      fields,
      field === 'digits'
        ? {
            invalid_value: t('students.batch.digitsTooSmall'),
            too_short: t('students.batch.stuNoTooShort'),
          }
        : {},
    );

  const submit = (v: StudentBatchCreate) => {
    const body = studentBatchCreateSchema.safeParse({ ...v, stuNoPrefix: v.stuNoPrefix ?? '' });
    if (!body.success) return;
    create.mutate(body.data, {
      onSuccess: onCreated,
      onError: (error) =>
        setFieldErrors(
          form,
          saveErrors(
            error,
            fields,
            {},
            {
              'students.batch_taken': 'stuNoPrefix',
              'students.class_archived': 'classId',
              'students.class_not_found': 'classId',
            },
          ),
        ),
    });
  };

  const shown =
    numbers.length > previewEnds * 2
      ? [...numbers.slice(0, previewEnds), '…', ...numbers.slice(-previewEnds)]
      : numbers;

  return (
    <Form<StudentBatchCreate>
      form={form}
      name="student-batch"
      {...layout}
      style={{ maxWidth: 720 }}
      initialValues={initialValues}
      disabled={create.isPending}
      onFinish={submit}
    >
      <Alert type="info" showIcon title={t('students.batch.info')} style={{ marginBottom: 24 }} />
      <Form.Item
        name="classId"
        label={t('students.fields.class')}
        required
        rules={rulesOf('classId')}
      >
        <ClassSelect aria-label={t('students.fields.class')} />
      </Form.Item>
      <Form.Item
        name="stuNoPrefix"
        label={t('students.batch.prefix')}
        rules={rulesOf('stuNoPrefix')}
        extra={t('students.batch.prefixHint', { max: batchCreateLimits.prefixMax })}
      >
        <Input maxLength={batchCreateLimits.prefixMax} />
      </Form.Item>
      <Form.Item name="start" label={t('students.batch.start')} required rules={rulesOf('start')}>
        <InputNumber min={0} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="count"
        label={t('students.batch.count')}
        required
        rules={rulesOf('count')}
        extra={t('students.batch.countHint', { max: batchCreateLimits.countMax })}
      >
        <InputNumber
          min={1}
          max={batchCreateLimits.countMax}
          precision={0}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item
        name="digits"
        label={t('students.batch.digits')}
        required
        rules={rulesOf('digits')}
        dependencies={['stuNoPrefix', 'start', 'count']}
        extra={t('students.batch.digitsHint')}
      >
        <InputNumber
          min={1}
          max={batchCreateLimits.digitsMax}
          precision={0}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item label={t('students.batch.preview')}>
        {numbers.length > 0 ? (
          <Flex vertical gap={8} data-testid="batch-preview">
            <Typography.Text>
              {t('students.batch.previewText', {
                count: numbers.length,
                first: numbers[0],
                last: numbers.at(-1),
              })}
            </Typography.Text>
            <Space size={[4, 4]} wrap>
              {shown.map((n, i) => (
                <Tag key={`${n}-${i}`}>{n}</Tag>
              ))}
            </Space>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('students.batch.previewEmpty')}</Typography.Text>
        )}
      </Form.Item>
      {create.isError && (
        <Alert
          type="error"
          showIcon
          title={failureText(t, 'add', create.error)}
          style={{ marginBottom: 24 }}
        />
      )}
      <Form.Item label={null}>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('students.actions.create')}
        </Button>
      </Form.Item>
    </Form>
  );
}
