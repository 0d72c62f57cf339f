import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Select, Space } from 'antd';
import {
  genders,
  userRecordSaveSchema,
  type CurrentUser,
  type UserRecordSave,
} from '@platform/contract';
import { dateOf } from '../../shared/dates';
import { toast } from '../../shared/toast';
import { DateField } from '../../shared/ui/DateFields';
import { setFieldErrors, zodRules } from '../../shared/zodForm';
import { saveErrors } from '../../shared/dialogForm';
import { regionChildrenQueryOptions, userRecordSaveMutationOptions } from './api';

export interface RecordValues {
  name: string;
  sex: 1 | 2 | undefined;
  birthday: string;
  province: string | undefined;
  city: string | undefined;
  address: string;
  contactName: string;
  contactPhone: string;
  email: string;
}
type Field = keyof RecordValues;
const fields: readonly Field[] = [
  'name',
  'sex',
  'birthday',
  'province',
  'city',
  'address',
  'contactName',
  'contactPhone',
  'email',
];

function valuesOf(user: CurrentUser): RecordValues {
  return {
    name: user.name ?? '',
    sex: user.sex === 1 || user.sex === 2 ? user.sex : undefined,
    birthday: user.birthday ?? '',
    province: user.province ?? undefined,
    city: user.city ?? undefined,
    address: user.address ?? '',
    contactName: user.contactName ?? '',
    contactPhone: user.contactPhone ?? '',
    email: user.email ?? '',
  };
}

/** The request body: empty optional fields clear their value. */
export function recordBodyOf(userId: string, values: RecordValues): UserRecordSave {
  return {
    id: userId,
    name: values.name ?? '',
    sex: values.sex as 1 | 2,
    birthday: values.birthday ?? '',
    province: values.province ?? '',
    city: values.city ?? '',
    address: values.address ?? '',
    contactName: values.contactName ?? '',
    contactPhone: values.contactPhone ?? '',
    email: values.email ?? '',
  };
}

interface PersonalInfoFormProps {
  user: CurrentUser;
  onDone: () => void;
}

/** Edits the own user record (users/saveOrUpdate); rules come from the contract. */
export function PersonalInfoForm({ user, onDone }: PersonalInfoFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RecordValues>();
  const save = useMutation(userRecordSaveMutationOptions());
  const province = Form.useWatch('province', form) ?? user.province ?? undefined;
  const provinces = useQuery(regionChildrenQueryOptions());
  const cities = useQuery({
    ...regionChildrenQueryOptions(province ?? ''),
    enabled: Boolean(province),
  });
  const rulesOf = (field: Field) => zodRules(userRecordSaveSchema, field, fields);
  /** No birthday after the user's own today. */
  const today = dateOf(new Date().toISOString());

  const onFinish = (values: RecordValues) =>
    save.mutate(recordBodyOf(user.id, { ...valuesOf(user), ...values }), {
      onSuccess: () => {
        toast.success(t('users.saved'));
        onDone();
      },
      onError: (error) => {
        setFieldErrors(form, saveErrors(error, fields));
      },
    });

  const label = (field: Field) => t(`users.fields.${field}`);

  return (
    <Form<RecordValues>
      form={form}
      name="personal-info"
      layout="vertical"
      initialValues={valuesOf(user)}
      onFinish={onFinish}
      disabled={save.isPending}
      style={{ maxWidth: 560 }}
    >
      <Form.Item name="name" label={label('name')} required rules={rulesOf('name')}>
        <Input maxLength={30} autoComplete="name" />
      </Form.Item>
      <Form.Item name="sex" label={label('sex')} required rules={rulesOf('sex')}>
        <Radio.Group options={genders.map((g) => ({ value: g, label: t(`users.sex.${g}`) }))} />
      </Form.Item>
      <Form.Item name="birthday" label={label('birthday')} rules={rulesOf('birthday')}>
        <DateField max={today} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="province"
        label={label('province')}
        rules={rulesOf('province')}
        dependencies={['city']}
      >
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          loading={provinces.isPending}
          placeholder={t('users.placeholders.province')}
          options={(provinces.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          onChange={() => form.setFieldValue('city', undefined)}
        />
      </Form.Item>
      <Form.Item name="city" label={label('city')} rules={rulesOf('city')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          disabled={!province}
          loading={Boolean(province) && cities.isPending}
          placeholder={t(province ? 'users.placeholders.city' : 'users.placeholders.cityFirst')}
          options={(province ? (cities.data ?? []) : []).map((r) => ({
            value: r.id,
            label: r.name,
          }))}
        />
      </Form.Item>
      <Form.Item name="address" label={label('address')} rules={rulesOf('address')}>
        <Input maxLength={50} autoComplete="street-address" />
      </Form.Item>
      <Form.Item name="contactName" label={label('contactName')} rules={rulesOf('contactName')}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="contactPhone" label={label('contactPhone')} rules={rulesOf('contactPhone')}>
        <Input maxLength={11} autoComplete="tel" />
      </Form.Item>
      <Form.Item name="email" label={label('email')} rules={rulesOf('email')}>
        <Input maxLength={100} autoComplete="email" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('users.save')}
          </Button>
          <Button onClick={onDone} disabled={false}>
            {t('users.cancel')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
