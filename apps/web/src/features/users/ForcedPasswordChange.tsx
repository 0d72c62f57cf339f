import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Modal } from 'antd';
import { limits, type CurrentUser } from '@platform/contract';
import { AntdProvider } from '../../shared/ui/AntdProvider';
import { logoutMutationOptions } from '../auth/api';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * What a user whose password someone else set sees after signing in: the change-password dialog
 * (650 px), which neither a click outside, Escape nor a close button dismisses. Signing out is
 * the only other way.
 */
export function ForcedPasswordChange({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const logout = useMutation(logoutMutationOptions());
  return (
    <AntdProvider>
      <Modal
        open
        title={t('password.title')}
        width={limits.dialogWidth}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={null}
      >
        <Alert
          type="warning"
          showIcon
          title={t('password.mustChange')}
          style={{ marginBottom: 16 }}
        />
        <ChangePasswordForm user={user} />
        <Button
          type="link"
          style={{ paddingInline: 0 }}
          loading={logout.isPending}
          onClick={() => logout.mutate()}
        >
          {t('layout.logout')}
        </Button>
      </Modal>
    </AntdProvider>
  );
}
