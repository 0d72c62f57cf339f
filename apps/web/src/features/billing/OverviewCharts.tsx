import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Col, Row, Typography } from 'antd';
import type { Overview } from '@platform/contract';
import { EmptyState } from '../../shared/ui/PageStates';
import { EChart, type ChartOption } from '../../shared/ui/EChart';
import { hoursOf, useMoney } from './format';

type Ranked = Overview['topClasses'];

/**
 * The overview dashboard (management spec §2 survey/overview): spend per week and per month,
 * and the five classes and environments that used the most. Loaded after the page, with ECharts.
 */
export function OverviewCharts({ overview }: { overview: Overview }) {
  const { t } = useTranslation();
  const money = useMoney();
  const options = useMemo(() => {
    const axis = (formatter: (fen: number) => string) => ({
      type: 'value' as const,
      axisLabel: { formatter: (v: number) => formatter(v * 100) },
    });
    const tooltip = {
      trigger: 'axis' as const,
      valueFormatter: (v: unknown) => money.yuan(Math.round(Number(v) * 100)),
    };
    const grid = { left: 56, right: 16, top: 16, bottom: 32 };
    const weekly: ChartOption = {
      tooltip,
      grid,
      xAxis: { type: 'category', data: overview.weeks.map((w) => w.period.slice(5)) },
      yAxis: axis(money.amount),
      series: [{ type: 'bar', barMaxWidth: 32, data: overview.weeks.map((w) => w.fen / 100) }],
    };
    const monthly: ChartOption = {
      tooltip,
      grid,
      xAxis: { type: 'category', data: overview.months.map((m) => m.period) },
      yAxis: axis(money.amount),
      series: [{ type: 'line', data: overview.months.map((m) => m.fen / 100) }],
    };
    return { weekly, monthly };
  }, [overview, money]);

  const none = (rows: readonly { fen: number }[]) => rows.every((r) => r.fen === 0);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title={t('billing.titles.weekly')}>
          {overview.weeks.length === 0 || none(overview.weeks) ? (
            <EmptyState />
          ) : (
            <EChart
              option={options.weekly}
              label={t('billing.titles.weekly')}
              className="billing-chart"
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('billing.titles.monthly')}>
          {overview.months.length === 0 || none(overview.months) ? (
            <EmptyState />
          ) : (
            <EChart
              option={options.monthly}
              label={t('billing.titles.monthly')}
              className="billing-chart"
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Ranking title={t('billing.titles.topClasses')} rows={overview.topClasses} />
      </Col>
      <Col xs={24} lg={12}>
        <Ranking title={t('billing.titles.topEnvironments')} rows={overview.topEnvironments} />
      </Col>
    </Row>
  );
}

function Ranking({ title, rows }: { title: string; rows: Ranked }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Card title={title}>
      {rows.length === 0 ? (
        <EmptyState />
      ) : (
        <ol className="billing-ranking" aria-label={title}>
          {rows.map((row, i) => (
            <li key={row.id}>
              <Typography.Text strong>{i + 1}</Typography.Text>
              <span className="billing-ranking__name">{row.name}</span>
              <Typography.Text type="secondary">
                {t('billing.values.rankValue', {
                  hours: hoursOf(row.seconds),
                  amount: money.amount(row.fen),
                })}
              </Typography.Text>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
