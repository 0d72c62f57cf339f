import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import { currentUserQueryOptions } from '../auth/api';
import { ChangePasswordForm } from './ChangePasswordForm';

/** The change-password page of the personal centre. */
export function PersonalPassword() {
  const { t } = useTranslation();
  const user = useQuery(currentUserQueryOptions());
  if (user.isPending) return <LoadingState />;
  if (user.isError) return <LoadFailed error={user.error} onRetry={() => void user.refetch()} />;
  return (
    <Card title={t('personal.passwordTitle')} style={{ maxWidth: 560 }}>
      <ChangePasswordForm user={user.data} />
    </Card>
  );
}
