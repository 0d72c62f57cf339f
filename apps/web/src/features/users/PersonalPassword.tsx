import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { QueryStates } from '../../shared/ui/PageStates';
import { currentUserQueryOptions } from '../auth/api';
import { ChangePasswordForm } from './ChangePasswordForm';

/** The change-password page of the personal centre. */
export function PersonalPassword() {
  const { t } = useTranslation();
  const user = useQuery(currentUserQueryOptions());
  return (
    <QueryStates query={user}>
      {(me) => (
        <Card title={t('users.passwordTitle')} style={{ maxWidth: 560 }}>
          <ChangePasswordForm user={me} />
        </Card>
      )}
    </QueryStates>
  );
}
