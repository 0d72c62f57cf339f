import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Space } from 'antd';
import {
  changePasswordFormSchemaFor,
  formatMessage,
  limits,
  type ChangePasswordForm as FormValues,
  type CurrentUser,
} from '@platform/contract';
import { setFieldErrors, zodRules } from '../../shared/zodForm';
import { saveErrors } from '../../shared/dialogForm';
import { apiLanguage } from '../../shared/i18n';
import { clearSession } from '../../shared/session';
import { navigateTo } from '../../shared/navigation';
import { toast } from '../../shared/toast';
import { changePasswordMutationOptions } from './api';

type Field = keyof FormValues;
const fields: readonly Field[] = ['oldPwd', 'newPwd', 'repeatPwd'];

interface ChangePasswordFormProps {
  /** Whose password: its login name and name are refused as the new one. */
  user: Pick<CurrentUser, 'id' | 'userId' | 'userName' | 'name'>;
  /** Shows a cancel button (in the dialog). */
  onCancel?: () => void;
}

/**
 * The change-password form: rules come from the contract's schema (validated on blur), server
 * field errors land on the inputs, and success signs the user out (spec §4, §5).
 */
export function ChangePasswordForm({ user, onCancel }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const userId = user.userId || user.id;
  const schema = useMemo(
    () => changePasswordFormSchemaFor({ userName: user.userName, name: user.name }),
    [user.userName, user.name],
  );
  const [form] = Form.useForm<FormValues>();
  const mutation = useMutation(changePasswordMutationOptions());
  const placeholders: Record<Field, string> = {
    oldPwd: t('password.oldPwdPlaceholder'),
    newPwd: t('password.newPwdPlaceholder'),
    repeatPwd: t('password.repeatPwdPlaceholder'),
  };
  const rulesOf = (field: Field) =>
    zodRules(schema, field, fields, { required: placeholders[field] });

  const onFinish = (values: FormValues) => {
    mutation.mutate(
      { userId, oldPwd: values.oldPwd, newPwd: values.newPwd },
      {
        onSuccess: () => {
          toast.success(formatMessage('users.password_changed', apiLanguage()));
          clearSession();
          navigateTo('/login', { replace: true });
        },
        onError: (error) => {
          setFieldErrors(form, saveErrors(error, fields));
        },
      },
    );
  };

  const passwordInput = (field: Field, autoComplete: string) => (
    <Input.Password
      maxLength={limits.passwordMaxLength}
      minLength={limits.passwordMinLength}
      placeholder={placeholders[field]}
      autoComplete={autoComplete}
    />
  );

  return (
    <Form<FormValues>
      form={form}
      name="change-password"
      layout="vertical"
      validateTrigger="onBlur"
      onFinish={onFinish}
      disabled={mutation.isPending}
    >
      <Form.Item name="oldPwd" label={t('password.oldPwd')} required rules={rulesOf('oldPwd')}>
        {passwordInput('oldPwd', 'current-password')}
      </Form.Item>
      <Form.Item
        name="newPwd"
        label={t('password.newPwd')}
        required
        rules={rulesOf('newPwd')}
        dependencies={['oldPwd']}
        extra={t('password.rule')}
      >
        {passwordInput('newPwd', 'new-password')}
      </Form.Item>
      <Form.Item
        name="repeatPwd"
        label={t('password.repeatPwd')}
        required
        rules={rulesOf('repeatPwd')}
        dependencies={['newPwd']}
      >
        {passwordInput('repeatPwd', 'new-password')}
      </Form.Item>
      <Form.Item style={{ marginBottom: 0, textAlign: 'right' }}>
        <Space>
          {onCancel && (
            <Button onClick={onCancel} disabled={false}>
              {t('password.cancel')}
            </Button>
          )}
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t('password.submit')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
