import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Radio, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { ResetPasswordMode, Student } from '@platform/contract';
import { toast } from '../../shared/toast';
import { failureText } from './accountParts';
import { studentResetPasswordMutationOptions } from './api';

interface ResetPasswordDialogProps {
  student: Pick<Student, 'id' | 'name'>;
  onClose: () => void;
}

/**
 * Resets a student's password to the default or a random one, then shows the new password once,
 * with a copy button.
 */
export function ResetPasswordDialog({ student, onClose }: ResetPasswordDialogProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ResetPasswordMode>('default');
  const reset = useMutation(studentResetPasswordMutationOptions());
  const password = reset.data?.password;

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('students.reset.copied'));
    } catch {
      // Without clipboard access the password stays selectable on screen.
    }
  };

  return (
    <Modal
      open
      title={t('students.titles.resetPassword', { name: student.name })}
      onCancel={onClose}
      maskClosable={!password}
      footer={
        password ? (
          <Button type="primary" onClick={onClose}>
            {t('students.actions.close')}
          </Button>
        ) : (
          <Flex gap={8} justify="flex-end">
            <Button onClick={onClose}>{t('students.actions.cancel')}</Button>
            <Button
              type="primary"
              danger
              loading={reset.isPending}
              onClick={() => reset.mutate({ id: student.id, mode })}
            >
              {t('students.reset.confirm')}
            </Button>
          </Flex>
        )
      }
    >
      {password ? (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('students.reset.newPassword')}</Typography.Text>
          <Flex gap={8} align="center">
            <Typography.Text code strong style={{ fontSize: 20 }} data-testid="new-password">
              {password}
            </Typography.Text>
            <Button icon={<CopyOutlined />} onClick={() => void copy(password)}>
              {t('students.reset.copy')}
            </Button>
          </Flex>
          <Alert type="warning" showIcon title={t('students.reset.once')} />
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text>{t('students.reset.mode')}</Typography.Text>
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value as ResetPasswordMode)}
            options={[
              { value: 'default', label: t('students.reset.default') },
              {
                value: 'random',
                label: (
                  <>
                    {t('students.reset.random')}{' '}
                    <Typography.Text type="secondary">
                      {t('students.reset.randomHint')}
                    </Typography.Text>
                  </>
                ),
              },
            ]}
          />
          {reset.isError && (
            <Alert type="error" showIcon title={failureText(t, 'operation', reset.error)} />
          )}
        </Flex>
      )}
    </Modal>
  );
}
