import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Divider, Form, Input, Modal, Tag, type FormRule } from 'antd';
import {
  collegeAdminCreateSchema,
  collegeLimits,
  limits,
  passwordSchema,
  type College,
  type CollegeAdmin,
} from '@platform/contract';
import { toast } from '../../shared/toast';
import { submitDialog } from '../../shared/dialogForm';
import { fieldErrorText, zodRules } from '../../shared/zodForm';
import { EmptyState } from '../../shared/ui/PageStates';
import { QueryTable } from '../../shared/ui/QueryTable';
import { collegeAdminAddMutationOptions, collegeAdminsQueryOptions } from './api';
import { requestFieldErrors, requiredFirst } from './collegeForm';

const fields = ['name', 'phone', 'password'] as const;
const schema = collegeAdminCreateSchema.pick({ name: true, phone: true });

/** The password may be left empty (the default one is used); a given one follows the rules. */
const passwordRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    if (typeof value !== 'string' || value === '') return;
    const result = passwordSchema.safeParse(value);
    if (!result.success) throw new Error(fieldErrorText(result.error.issues[0]?.message ?? ''));
  },
};

interface AdminValues {
  name?: string;
  phone?: string;
  password?: string;
}

/** A school's administrator accounts, and a form to add one (the phone is the login). */
export function AdminsDialog({ college, onClose }: { college: College; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AdminValues>();
  const admins = useQuery(collegeAdminsQueryOptions(college.id));
  const add = useMutation(collegeAdminAddMutationOptions());

  const submit = () =>
    submitDialog<AdminValues>({
      form,
      save: async (values) => {
        const created = await add.mutateAsync({
          collegeId: college.id,
          name: values.name ?? '',
          phone: values.phone ?? '',
          ...(values.password ? { password: values.password } : {}),
        });
        toast.success(
          t('colleges.done.adminAdded', { name: created.name, username: created.username }),
        );
      },
      done: () => form.resetFields(),
      errors: (error) => requestFieldErrors(error, fields),
    });

  return (
    <Modal
      open
      width={limits.dialogWidth}
      title={t('colleges.titles.admins', { name: college.name })}
      footer={null}
      onCancel={onClose}
    >
      <QueryTable<CollegeAdmin>
        query={admins}
        size="small"
        dataSource={admins.data ?? []}
        pagination={false}
        locale={{ emptyText: <EmptyState description={t('colleges.noAdmins')} /> }}
        columns={[
          { key: 'username', dataIndex: 'username', title: t('colleges.fields.username') },
          { key: 'name', dataIndex: 'name', title: t('colleges.fields.adminName') },
          { key: 'phone', dataIndex: 'phone', title: t('colleges.fields.phone') },
          {
            key: 'enabled',
            dataIndex: 'enabled',
            title: t('colleges.fields.enabled'),
            render: (enabled: boolean) =>
              enabled ? (
                <Tag color="green">{t('colleges.state.enabled')}</Tag>
              ) : (
                <Tag>{t('colleges.state.disabled')}</Tag>
              ),
          },
        ]}
      />
      <Divider titlePlacement="start">{t('colleges.titles.addAdmin')}</Divider>
      <Form
        form={form}
        name={`college-admin-${college.id}`}
        layout="vertical"
        disabled={add.isPending}
      >
        <Form.Item
          name="name"
          label={t('colleges.fields.adminName')}
          required
          validateFirst
          rules={requiredFirst(zodRules(schema, 'name', ['name', 'phone']))}
        >
          <Input
            placeholder={t('colleges.placeholders.adminName')}
            maxLength={collegeLimits.adminNameMax}
          />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('colleges.fields.phone')}
          required
          rules={zodRules(schema, 'phone', ['name', 'phone'])}
        >
          <Input placeholder={t('colleges.placeholders.phone')} maxLength={11} />
        </Form.Item>
        <Form.Item name="password" label={t('colleges.fields.password')} rules={[passwordRule]}>
          <Input.Password
            placeholder={t('colleges.placeholders.password')}
            maxLength={limits.passwordMaxLength}
            autoComplete="new-password"
          />
        </Form.Item>
        <Button type="primary" loading={add.isPending} onClick={() => void submit()}>
          {t('colleges.actions.addAdmin')}
        </Button>
      </Form>
    </Modal>
  );
}
