import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Button, Card, Descriptions, Tag } from 'antd';
import { EditOutlined, UserOutlined } from '@ant-design/icons';
import {
  schoolTypeNames,
  userKindNames,
  type CurrentUser,
  type SchoolType,
} from '@platform/contract';
import { apiLanguage } from '../../shared/i18n';
import { LoadFailed, LoadingState, EmptyState } from '../../shared/ui/PageStates';
import { roleName } from '../../shared/roleName';
import { currentUserQueryOptions } from '../auth/api';
import { regionChildrenQueryOptions } from './api';
import { PersonalInfoForm } from './PersonalInfoForm';

type InfoField =
  | 'name'
  | 'userName'
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
  | 'roles';

const order: readonly InfoField[] = [
  'avatar',
  'name',
  'userName',
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
  'roles',
];

/** Fields the owner cannot change here, shown above the edit form. */
const readOnly: readonly InfoField[] = [
  'userName',
  'stuNo',
  'kind',
  'collegeName',
  'collegeKind',
  'roles',
];

/** Province and city names from the region dictionary (the record keeps their codes). */
function useRegionNames(province: string | null) {
  const provinces = useQuery({ ...regionChildrenQueryOptions(), enabled: Boolean(province) });
  const cities = useQuery({
    ...regionChildrenQueryOptions(province ?? ''),
    enabled: Boolean(province),
  });
  return (code: string | null, level: 'province' | 'city') =>
    (level === 'province' ? provinces.data : cities.data)?.find((r) => r.id === code)?.name ?? code;
}

/** My information: the own user record (spec §3), shown, and edited in place. */
export function PersonalInfo() {
  const { t } = useTranslation();
  const user = useQuery(currentUserQueryOptions());
  const [editing, setEditing] = useState(false);
  const regionName = useRegionNames(user.data?.province ?? null);

  if (user.isPending) return <LoadingState />;
  if (user.isError) return <LoadFailed error={user.error} onRetry={() => void user.refetch()} />;
  if (!user.data) return <EmptyState />;
  const me: CurrentUser = user.data;
  const lang = apiLanguage();
  const none = t('users.none');
  const text = (value: string | number | null | undefined): ReactNode =>
    value === null || value === undefined || value === '' ? none : String(value);

  const value = (field: InfoField): ReactNode => {
    switch (field) {
      case 'avatar':
        return <Avatar size={48} src={me.avatar || undefined} icon={<UserOutlined />} alt="" />;
      case 'sex':
        return me.sex === 0 || me.sex === 1 || me.sex === 2 ? t(`users.sex.${me.sex}`) : none;
      case 'kind':
        return text(me.kind === null ? null : (userKindNames[me.kind]?.[lang] ?? me.kind));
      case 'collegeKind':
        return text(
          me.collegeKind === null
            ? null
            : (schoolTypeNames[me.collegeKind as SchoolType]?.[lang] ?? me.collegeKind),
        );
      case 'province':
        return text(regionName(me.province, 'province'));
      case 'city':
        return text(regionName(me.city, 'city'));
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

  const descriptions = (fields: readonly InfoField[]) => (
    <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }} size="middle">
      {fields.map((field) => (
        <Descriptions.Item key={field} label={t(`users.fields.${field}`)}>
          {value(field)}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );

  if (editing) {
    return (
      <Card title={t('users.editTitle')}>
        {descriptions(readOnly)}
        <Alert type="info" showIcon title={t('users.readOnly')} style={{ margin: '16px 0' }} />
        <PersonalInfoForm user={me} onDone={() => setEditing(false)} />
      </Card>
    );
  }
  return (
    <Card
      title={t('users.title')}
      extra={
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
          {t('users.edit')}
        </Button>
      }
    >
      {descriptions(order)}
    </Card>
  );
}
