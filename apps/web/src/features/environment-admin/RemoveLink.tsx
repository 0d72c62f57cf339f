import { useTranslation } from 'react-i18next';
import { Button, Popconfirm } from 'antd';

interface RemoveLinkProps {
  /** The question the confirmation asks. */
  confirm: string;
  disabled: boolean;
  onConfirm: () => void;
}

/** A row's remove action, asked for confirmation first. */
export function RemoveLink({ confirm, disabled, onConfirm }: RemoveLinkProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={confirm}
      okText={t('envAdmin.confirm.ok')}
      cancelText={t('envAdmin.confirm.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger disabled={disabled}>
        {t('envAdmin.actions.remove')}
      </Button>
    </Popconfirm>
  );
}
