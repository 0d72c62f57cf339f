import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import type { College } from '@platform/contract';
import { toast } from '../../shared/toast';
import { ConfirmAction, RowAction } from '../../shared/ui/RowActions';
import { useCan } from '../../shared/permissions/useCan';
import { collegeDeleteMutationOptions } from './api';

export type CollegeDialog = 'edit' | 'totalUser' | 'admins';

interface CollegeRowActionsProps {
  college: College;
  onOpen: (dialog: CollegeDialog, college: College) => void;
}

/** Row actions of a school, each shown only with its permission (in `actionsColumn`). */
export function CollegeRowActions({ college, onOpen }: CollegeRowActionsProps) {
  const { t } = useTranslation();
  const can = useCan();
  const remove = useMutation(collegeDeleteMutationOptions());
  // Failures are toasted by the request layer with the server's message.

  return (
    <>
      {can('college.edit') && (
        <RowAction onClick={() => onOpen('edit', college)}>{t('colleges.actions.edit')}</RowAction>
      )}
      {can('college.total_user') && (
        <RowAction onClick={() => onOpen('totalUser', college)}>
          {t('colleges.actions.totalUser')}
        </RowAction>
      )}
      {can('college.admins') && (
        <RowAction onClick={() => onOpen('admins', college)}>
          {t('colleges.actions.admins')}
        </RowAction>
      )}
      {can('college.delete') && (
        <ConfirmAction
          title={t('colleges.confirm.delete', { name: college.name })}
          okText={t('colleges.actions.delete')}
          cancelText={t('colleges.actions.cancel')}
          okButtonProps={{ danger: true, loading: remove.isPending }}
          onConfirm={() =>
            remove.mutateAsync(college.id).then(
              () => toast.success(t('colleges.done.deleted')),
              () => undefined,
            )
          }
        >
          {t('colleges.actions.delete')}
        </ConfirmAction>
      )}
    </>
  );
}
