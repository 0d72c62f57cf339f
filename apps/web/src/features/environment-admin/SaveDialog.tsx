import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, type FormInstance } from 'antd';
import { limits } from '@platform/contract';
import { saveErrors, submitDialog } from '../../shared/dialogForm';
import { toast } from '../../shared/toast';

interface SaveDialogProps<V> {
  title: string;
  form: FormInstance<V>;
  /** The fields on which the server's field errors land. */
  fields: readonly string[];
  save: (values: V) => Promise<unknown>;
  saving: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A dialog of the environment admin whose OK saves its form: checked on the client, saved, then
 * reported and closed; a refused save puts its errors on the fields.
 */
export function SaveDialog<V>({
  title,
  form,
  fields,
  save,
  saving,
  onClose,
  children,
}: SaveDialogProps<V>) {
  const { t } = useTranslation();
  const submit = () =>
    submitDialog<V>({
      form,
      save,
      done: () => {
        toast.success(t('envAdmin.done.saved'));
        onClose();
      },
      errors: (error) => saveErrors(error, fields, {}, {}),
    });
  return (
    <Modal
      open
      title={title}
      okText={t('envAdmin.actions.save')}
      cancelText={t('envAdmin.actions.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      width={limits.dialogWidth}
    >
      {children}
    </Modal>
  );
}
