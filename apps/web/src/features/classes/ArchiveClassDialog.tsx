import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Alert, Input, Modal, Space, Typography } from 'antd';
import { archiveConfirmWord, classArchiveSchema, type ClassRecord } from '@platform/contract';
import { toast } from '../../shared/toast';
import { classArchiveMutationOptions } from './api';

interface ArchiveClassDialogProps {
  record: ClassRecord;
  onClose: () => void;
}

/**
 * Archives a class after the user types the confirmation word (management spec §5): archiving
 * clears the training data of every student of the class.
 */
export function ArchiveClassDialog({ record, onClose }: ArchiveClassDialogProps) {
  const { t } = useTranslation();
  const [word, setWord] = useState('');
  const archive = useMutation(classArchiveMutationOptions());
  const confirmed = classArchiveSchema.safeParse({ confirm: word }).success;

  const submit = () => {
    if (!confirmed) return;
    // A refusal is toasted by the request layer; the dialog stays open.
    archive.mutate(record.id, {
      onSuccess: () => {
        toast.success(t('classes.done.archived'));
        onClose();
      },
    });
  };

  return (
    <Modal
      open
      title={t('classes.titles.archiveClass', { name: record.name })}
      okText={t('classes.actions.archive')}
      cancelText={t('classes.actions.cancel')}
      okButtonProps={{ danger: true, disabled: !confirmed }}
      confirmLoading={archive.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('classes.confirm.archiveWarning')} />
        <Typography.Text>
          {t('classes.confirm.archiveType', { word: archiveConfirmWord })}
        </Typography.Text>
        <Input
          aria-label={t('classes.fields.confirmWord')}
          placeholder={t('classes.placeholders.confirmWord', { word: archiveConfirmWord })}
          value={word}
          autoComplete="off"
          onChange={(e) => setWord(e.target.value)}
          onPressEnter={submit}
        />
      </Space>
    </Modal>
  );
}
