import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/ui/RowActions';

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
    <ConfirmAction
      title={confirm}
      okText={t('environments.confirm.ok')}
      cancelText={t('environments.confirm.cancel')}
      disabled={disabled}
      onConfirm={onConfirm}
    >
      {t('environments.actions.remove')}
    </ConfirmAction>
  );
}
