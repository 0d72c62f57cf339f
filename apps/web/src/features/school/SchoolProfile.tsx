import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { SchoolProfile as Profile } from '@platform/contract';
import { LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import { useCan } from '../../shared/permissions/useCan';
import { schoolProfileQueryOptions } from './api';
import { yuan } from './forms';
import { ProfileEditor } from './ProfileEditor';

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
  const none = t('school.values.none');
  const money = (fen: number) => t('school.values.yuan', { amount: yuan(fen) });
  const region = [p.provinceName, p.cityName].filter(Boolean).join(' / ') || none;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('school.titles.profile')}
        extra={
          can('school.profile.edit') && (
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('school.actions.edit')}
            </Button>
          )
        }
      >
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle">
          <Descriptions.Item label={t('school.fields.name')}>{p.name}</Descriptions.Item>
          <Descriptions.Item label={t('school.fields.url')}>{p.url}</Descriptions.Item>
          <Descriptions.Item label={t('school.fields.type')}>
            {p.typeName ?? none}
          </Descriptions.Item>
          <Descriptions.Item label={t('school.fields.region')}>{region}</Descriptions.Item>
          <Descriptions.Item label={t('school.fields.status')}>
            <Tag color={p.enabled ? 'green' : 'default'}>
              {t(p.enabled ? 'school.values.enabled' : 'school.values.disabled')}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('school.fields.address')}>
            {p.address || none}
          </Descriptions.Item>
          <Descriptions.Item label={t('school.fields.intro')} span={2}>
            <div style={{ whiteSpace: 'pre-wrap' }}>{p.intro || none}</div>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('school.titles.balances')}>
        <Descriptions column={{ xs: 1, md: 3 }} bordered size="middle">
          <Descriptions.Item label={t('school.fields.totalBalance')}>
            {money(p.totalBalance)}
          </Descriptions.Item>
          <Descriptions.Item label={t('school.fields.rechargeBalance')}>
            {money(p.rechargeBalance)}
          </Descriptions.Item>
          <Descriptions.Item label={t('school.fields.giftBalance')}>
            {money(p.giftBalance)}
          </Descriptions.Item>
          <Descriptions.Item label={t('school.fields.tokenCount')}>
            {p.tokenCount}
          </Descriptions.Item>
          <Descriptions.Item label={t('school.fields.pptCount')}>{p.pptCount}</Descriptions.Item>
          <Descriptions.Item label={t('school.fields.purchasedCourseCount')}>
            {p.purchasedCourseCount}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('school.titles.counts')}>
        <Descriptions column={{ xs: 1, md: 3 }} bordered size="middle">
          <Descriptions.Item label={t('school.fields.accountCount')}>
            {p.accountCount}
          </Descriptions.Item>
          <Descriptions.Item label={t('school.fields.studentCount')}>
            {p.studentCount}
          </Descriptions.Item>
          <Descriptions.Item label={t('school.fields.maxStudents')}>
            {p.maxStudents}
          </Descriptions.Item>
          <Descriptions.Item label={t('school.fields.teacherCount')}>
            {p.teacherCount}
          </Descriptions.Item>
          <Descriptions.Item label={t('school.fields.classCount')}>
            {p.classCount}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {editing && <ProfileEditor profile={p} onClose={() => setEditing(false)} />}
    </Space>
  );
}
