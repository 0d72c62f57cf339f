import { useTranslation } from 'react-i18next';
import { Modal } from 'antd';
import { limits, type CurrentUser } from '@platform/contract';
import { ChangePasswordForm } from '../users/ChangePasswordForm';

interface ChangePasswordDialogProps {
  open: boolean;
  user: CurrentUser;
  onClose: () => void;
}

/** 650 px wide; clicking outside does not close it (spec §2 Layout). */
export function ChangePasswordDialog({ open, user, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('password.title')}
      width={limits.dialogWidth}
      maskClosable={false}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
    >
      <ChangePasswordForm user={user} onCancel={onClose} />
    </Modal>
  );
}
