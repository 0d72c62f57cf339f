import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Descriptions, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@platform/contract';
import { LoadFailed, LoadingState, EmptyState } from '../../shared/ui/PageStates';
import { roleName } from '../../shared/roleName';
import { currentUserQueryOptions } from '../auth/api';

type InfoField =
  | 'name'
  | 'userName'
  | 'userId'
  | 'avatar'
  | 'sex'
  | 'birthday'
  | 'phone'
  | 'email'
  | 'stuNo'
  | 'kind'
  | 'collegeName'
  | 'collegeKind'
  | 'province'
  | 'city'
  | 'address'
  | 'contactName'
  | 'contactPhone'
  | 'language'
  | 'roles';

const order: readonly InfoField[] = [
  'name',
  'userName',
  'userId',
  'avatar',
  'sex',
  'birthday',
  'phone',
  'email',
  'stuNo',
  'kind',
  'collegeName',
  'collegeKind',
  'province',
  'city',
  'address',
  'contactName',
  'contactPhone',
  'language',
  'roles',
];

/** My information: the current user's fields (spec §3 User). */
export function PersonalInfo() {
  const { t } = useTranslation();
  const user = useQuery(currentUserQueryOptions());

  if (user.isPending) return <LoadingState />;
  if (user.isError) return <LoadFailed error={user.error} onRetry={() => void user.refetch()} />;
  if (!user.data) return <EmptyState />;
  const me: CurrentUser = user.data;
  const none = t('personal.none');
  const text = (value: string | number | null | undefined): ReactNode =>
    value === null || value === undefined || value === '' ? none : String(value);

  const value = (field: InfoField): ReactNode => {
    switch (field) {
      case 'avatar':
        return <Avatar size={48} src={me.avatar || undefined} icon={<UserOutlined />} alt="" />;
      case 'userId':
        return text(me.userId || me.id);
      case 'sex':
        return me.sex === 0 || me.sex === 1 || me.sex === 2 ? t(`personal.sex.${me.sex}`) : none;
      case 'language':
        return me.language === 'zh-CN' || me.language === 'en-US'
          ? t(`language.${me.language}`)
          : text(me.language);
      case 'roles':
        return me.roles.length
          ? me.roles.map((role) => (
              <Tag color="blue" key={role.id}>
                {roleName(role, t)}
              </Tag>
            ))
          : none;
      default:
        return text(me[field]);
    }
  };

  return (
    <Card title={t('personal.title')}>
      <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }} size="middle">
        {order.map((field) => (
          <Descriptions.Item key={field} label={t(`personal.fields.${field}`)}>
            {value(field)}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}
