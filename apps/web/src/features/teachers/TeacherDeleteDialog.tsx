import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Alert, Modal, Typography } from 'antd';
import type { Teacher } from '@platform/contract';
import { toast } from '../../shared/toast';
import { failureText } from '../students/accountParts';
import { teacherDeleteMutationOptions } from './api';

/** Asks before deleting a teacher; a refusal (unarchived teaching tasks) is shown in the dialog. */
export function TeacherDeleteDialog({
  teacher,
  onClose,
}: {
  teacher: Teacher;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useMutation(teacherDeleteMutationOptions());

  return (
    <Modal
      open
      title={t('teachers.dialog.deleteTitle')}
      okText={t('teachers.actions.delete')}
      cancelText={t('teachers.actions.cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={remove.isPending}
      onOk={() =>
        remove.mutate(teacher.id, {
          onSuccess: () => {
            toast.success(t('teachers.done.deleted'));
            onClose();
          },
        })
      }
      onCancel={onClose}
    >
      <Typography.Paragraph>
        {t('teachers.dialog.deleteConfirm', { name: teacher.name })}
      </Typography.Paragraph>
      {remove.isError && (
        <Alert type="error" showIcon title={failureText(t, 'delete', remove.error)} />
      )}
    </Modal>
  );
}
