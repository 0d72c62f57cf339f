import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Tag, type DescriptionsProps } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { SchoolProfile as Profile } from '@platform/contract';
import { LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import { useCan } from '../../shared/permissions/useCan';
import { yuanOf } from '../../shared/money';
import { schoolProfileQueryOptions } from './api';
import type { schoolsZh } from './locales';
import { ProfileEditor } from './ProfileEditor';

/** Labelled values in a bordered grid, one column on small screens. */
function Fields({ columns, items }: { columns: number; items: DescriptionsProps['items'] }) {
  return <Descriptions column={{ xs: 1, md: columns }} bordered size="middle" items={items} />;
}

/** The own school's profile, balances and counts; intro and address are editable (admin/profile). */
export function SchoolProfile() {
  const { t } = useTranslation();
  const can = useCan();
  const profile = useQuery(schoolProfileQueryOptions());
  const [editing, setEditing] = useState(false);

  if (profile.isPending) return <LoadingState />;
  if (profile.isError) {
    return <LoadFailed error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  const p: Profile = profile.data;
  const none = t('schools.values.none');
  const money = (fen: number) => t('schools.values.yuan', { amount: yuanOf(fen, 'en-US') });
  const region = [p.provinceName, p.cityName].filter(Boolean).join(' / ') || none;
  const item = (field: keyof typeof schoolsZh.fields, children: ReactNode, span?: number) => ({
    key: field,
    label: t(`schools.fields.${field}`),
    children,
    ...(span ? { span } : {}),
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('schools.titles.profile')}
        extra={
          can('school.profile.edit') && (
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('schools.actions.edit')}
            </Button>
          )
        }
      >
        <Fields
          columns={2}
          items={[
            item('name', p.name),
            item('url', p.url),
            item('type', p.typeName ?? none),
            item('region', region),
            item(
              'status',
              <Tag color={p.enabled ? 'green' : 'default'}>
                {t(p.enabled ? 'schools.values.enabled' : 'schools.values.disabled')}
              </Tag>,
            ),
            item('address', p.address || none),
            item('intro', <div style={{ whiteSpace: 'pre-wrap' }}>{p.intro || none}</div>, 2),
          ]}
        />
      </Card>
      <Card title={t('schools.titles.balances')}>
        <Fields
          columns={3}
          items={[
            item('totalBalance', money(p.totalBalance)),
            item('rechargeBalance', money(p.rechargeBalance)),
            item('giftBalance', money(p.giftBalance)),
            item('tokenCount', p.tokenCount),
            item('pptCount', p.pptCount),
            item('purchasedCourseCount', p.purchasedCourseCount),
          ]}
        />
      </Card>
      <Card title={t('schools.titles.counts')}>
        <Fields
          columns={3}
          items={[
            item('accountCount', p.accountCount),
            item('studentCount', p.studentCount),
            item('maxStudents', p.maxStudents > 0 ? p.maxStudents : t('schools.values.unlimited')),
            item('teacherCount', p.teacherCount),
            item('classCount', p.classCount),
          ]}
        />
      </Card>
      {editing && <ProfileEditor profile={p} onClose={() => setEditing(false)} />}
    </Space>
  );
}
