import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { SchoolProfile as Profile } from '@platform/contract';
import { LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import { useCan } from '../../shared/permissions/useCan';
import { schoolProfileQueryOptions } from './api';
import { ProfileEditor } from './ProfileEditor';

/** Fen as yuan with two decimals and thousands separators. */
function yuan(fen: number): string {
  return (fen / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
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
  const money = (fen: number) => t('schools.values.yuan', { amount: yuan(fen) });
  const region = [p.provinceName, p.cityName].filter(Boolean).join(' / ') || none;

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
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle">
          <Descriptions.Item label={t('schools.fields.name')}>{p.name}</Descriptions.Item>
          <Descriptions.Item label={t('schools.fields.url')}>{p.url}</Descriptions.Item>
          <Descriptions.Item label={t('schools.fields.type')}>
            {p.typeName ?? none}
          </Descriptions.Item>
          <Descriptions.Item label={t('schools.fields.region')}>{region}</Descriptions.Item>
          <Descriptions.Item label={t('schools.fields.status')}>
            <Tag color={p.enabled ? 'green' : 'default'}>
              {t(p.enabled ? 'schools.values.enabled' : 'schools.values.disabled')}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('schools.fields.address')}>
            {p.address || none}
          </Descriptions.Item>
          <Descriptions.Item label={t('schools.fields.intro')} span={2}>
            <div style={{ whiteSpace: 'pre-wrap' }}>{p.intro || none}</div>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('schools.titles.balances')}>
        <Descriptions column={{ xs: 1, md: 3 }} bordered size="middle">
          <Descriptions.Item label={t('schools.fields.totalBalance')}>
            {money(p.totalBalance)}
          </Descriptions.Item>
          <Descriptions.Item label={t('schools.fields.rechargeBalance')}>
            {money(p.rechargeBalance)}
          </Descriptions.Item>
          <Descriptions.Item label={t('schools.fields.giftBalance')}>
            {money(p.giftBalance)}
          </Descriptions.Item>
          <Descriptions.Item label={t('schools.fields.tokenCount')}>
            {p.tokenCount}
          </Descriptions.Item>
          <Descriptions.Item label={t('schools.fields.pptCount')}>{p.pptCount}</Descriptions.Item>
          <Descriptions.Item label={t('schools.fields.purchasedCourseCount')}>
            {p.purchasedCourseCount}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('schools.titles.counts')}>
        <Descriptions column={{ xs: 1, md: 3 }} bordered size="middle">
          <Descriptions.Item label={t('schools.fields.accountCount')}>
            {p.accountCount}
          </Descriptions.Item>
          <Descriptions.Item label={t('schools.fields.studentCount')}>
            {p.studentCount}
          </Descriptions.Item>
          <Descriptions.Item label={t('schools.fields.maxStudents')}>
            {p.maxStudents}
          </Descriptions.Item>
          <Descriptions.Item label={t('schools.fields.teacherCount')}>
            {p.teacherCount}
          </Descriptions.Item>
          <Descriptions.Item label={t('schools.fields.classCount')}>
            {p.classCount}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {editing && <ProfileEditor profile={p} onClose={() => setEditing(false)} />}
    </Space>
  );
}
