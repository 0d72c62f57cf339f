import { useTranslation } from 'react-i18next';
import { Alert, Card, Col, Row, Space, Statistic } from 'antd';
import { billingLimits, type Account } from '@platform/contract';
import { formatTime } from '../../shared/dates';
import { useAccountValues, useMoney } from './format';

/** Minutes of the grace period left after the balance ran out at `at`. */
function graceLeft(at: string): number {
  const left = billingLimits.graceMinutes * 60_000 - (Date.now() - new Date(at).getTime());
  return Math.max(1, Math.ceil(left / 60_000));
}

/**
 * A school's account as cards: its balances and counts, package hours, validity and limits, and
 * what it means when the balance ran out or the school is not charged yet.
 */
export function AccountSummary({ account: a }: { account: Account }) {
  const { t } = useTranslation();
  const money = useMoney();
  const values = useAccountValues();
  const cards: { key: string; title: string; value: string }[] = [
    { key: 'total', title: t('billing.fields.total'), value: money.yuan(a.totalFen) },
    {
      key: 'recharge',
      title: t('billing.fields.rechargeBalance'),
      value: money.yuan(a.rechargeFen),
    },
    { key: 'gift', title: t('billing.fields.giftBalance'), value: money.yuan(a.giftFen) },
    { key: 'tokens', title: t('billing.fields.tokenCount'), value: money.count(a.tokens) },
    { key: 'slides', title: t('billing.fields.slideCount'), value: money.count(a.slides) },
    {
      key: 'packageHours',
      title: t('billing.fields.packageHoursLeft'),
      value: money.hours(a.packageSeconds),
    },
    {
      key: 'untimedUntil',
      title: t('billing.fields.untimedUntil'),
      value: formatTime(a.untimedUntil),
    },
    { key: 'validUntil', title: t('billing.fields.validUntil'), value: formatTime(a.validUntil) },
    {
      key: 'spendLimit',
      title: t('billing.fields.spendLimit'),
      value: values.spendLimit(a.spendLimitFen),
    },
    {
      key: 'spent',
      title: t('billing.fields.spentThisMonth'),
      value: money.yuan(a.spentThisMonthFen),
    },
    {
      key: 'dailyHours',
      title: t('billing.fields.dailyHours'),
      value: values.dailyHours(a.studentDailyHours),
    },
    {
      key: 'accounts',
      title: t('billing.fields.accounts'),
      value: `${money.count(a.accountCount)} / ${
        a.maxStudents > 0 ? money.count(a.maxStudents) : t('billing.values.unlimited')
      }`,
    },
    {
      key: 'courses',
      title: t('billing.fields.purchasedCourses'),
      value: money.count(a.purchasedCourseCount),
    },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {!a.metered && <Alert type="info" showIcon title={t('billing.hints.unmetered')} />}
      {a.exhaustedAt && (
        <Alert
          type="warning"
          showIcon
          title={t('billing.hints.exhausted', {
            at: formatTime(a.exhaustedAt),
            minutes: graceLeft(a.exhaustedAt),
          })}
        />
      )}
      <Row gutter={[16, 16]}>
        {cards.map((c) => (
          <Col key={c.key} xs={12} md={8} xl={6}>
            <Card size="small">
              <Statistic title={c.title} value={c.value} />
            </Card>
          </Col>
        ))}
      </Row>
    </Space>
  );
}
