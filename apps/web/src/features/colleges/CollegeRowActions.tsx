import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button, Popconfirm, Space } from 'antd';
import type { College } from '@platform/contract';
import { toast } from '../../shared/toast';
import { useCan } from '../../shared/permissions/useCan';
import { collegeDeleteMutationOptions } from './api';

export type CollegeDialog = 'edit' | 'totalUser' | 'admins';

interface CollegeRowActionsProps {
  college: College;
  onOpen: (dialog: CollegeDialog, college: College) => void;
}

/** Row actions of a school, each shown only with its permission. */
export function CollegeRowActions({ college, onOpen }: CollegeRowActionsProps) {
  const { t } = useTranslation();
  const can = useCan();
  const remove = useMutation(collegeDeleteMutationOptions());
  // Failures are toasted by the request layer with the server's message.

  return (
    <Space size={0} wrap>
      {can('college.edit') && (
        <Button type="link" size="small" onClick={() => onOpen('edit', college)}>
          {t('colleges.actions.edit')}
        </Button>
      )}
      {can('college.total_user') && (
        <Button type="link" size="small" onClick={() => onOpen('totalUser', college)}>
          {t('colleges.actions.totalUser')}
        </Button>
      )}
      {can('college.admins') && (
        <Button type="link" size="small" onClick={() => onOpen('admins', college)}>
          {t('colleges.actions.admins')}
        </Button>
      )}
      {can('college.delete') && (
        <Popconfirm
          title={t('colleges.confirm.delete', { name: college.name })}
          okText={t('colleges.actions.delete')}
          cancelText={t('colleges.actions.cancel')}
          okButtonProps={{ danger: true, loading: remove.isPending }}
          // antd keeps the dialog open with a spinner until the returned promise settles.
          // eslint-disable-next-line @typescript-eslint/no-misused-promises
          onConfirm={() =>
            remove.mutateAsync(college.id).then(
              () => toast.success(t('colleges.done.deleted')),
              () => undefined,
            )
          }
        >
          <Button type="link" size="small" danger>
            {t('colleges.actions.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
