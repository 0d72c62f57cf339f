import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Segmented, Space, Statistic, Typography } from 'antd';
import {
  dashboardPeriods,
  type DashboardPeriod,
  type TeachingDashboard as Dashboard,
} from '@platform/contract';
import { dateOf } from '../../../shared/dates';
import { EmptyState, QueryStates } from '../../../shared/ui/PageStates';
import { dashboardQueryOptions } from './api';
import { EChart, type ChartOption } from '../../../shared/ui/EChart';
import './teaching.css';

/**
 * The teacher's dashboard (management spec §2, §9): classes, courses, tasks and students of a
 * period, participation bands, tasks by state, submissions over time and the top 5.
 */
export function TeachingDashboard() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<DashboardPeriod>('week');
  const dashboard = useQuery(dashboardQueryOptions(period));
  return (
    <Space className="teaching-page" orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('teaching.manage.titles.dashboard')}
        extra={
          <Segmented<DashboardPeriod>
            aria-label={t('teaching.manage.fields.period')}
            value={period}
            onChange={setPeriod}
            options={dashboardPeriods.map((p) => ({
              value: p,
              label: t(`teaching.manage.period.${p}`),
            }))}
          />
        }
      >
        <QueryStates query={dashboard}>{(data) => <Counts data={data} />}</QueryStates>
      </Card>
      {dashboard.data && <Charts data={dashboard.data} />}
    </Space>
  );
}

function Counts({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const counts = [
    ['classes', data.classCount],
    ['courses', data.courseCount],
    ['tasks', data.taskCount],
    ['students', data.studentCount],
  ] as const;
  return (
    <Row gutter={[16, 16]}>
      {counts.map(([key, value]) => (
        <Col key={key} xs={12} md={6}>
          <Statistic title={t(`teaching.manage.dashboard.${key}`)} value={value} />
        </Col>
      ))}
    </Row>
  );
}

function Charts({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const options = useMemo(() => {
    const participation: ChartOption = {
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          center: ['50%', '45%'],
          label: { formatter: '{c}' },
          data: data.participation.map((p) => ({
            name: t(`teaching.manage.band.${p.band}`),
            value: p.count,
          })),
        },
      ],
    };
    const byStatus: ChartOption = {
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 16, bottom: 32 },
      xAxis: {
        type: 'category',
        data: data.tasksByStatus.map((s) => t(`teaching.manage.status.${s.status}`)),
        axisLabel: { interval: 0, width: 72, overflow: 'break' },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', data: data.tasksByStatus.map((s) => s.count), barMaxWidth: 40 }],
    };
    const submissions: ChartOption = {
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 16, bottom: 32 },
      xAxis: {
        type: 'category',
        data: data.submissions.map((s) =>
          data.period === 'all' ? dateOf(s.at).slice(0, 7) : dateOf(s.at).slice(5),
        ),
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'line', smooth: true, data: data.submissions.map((s) => s.count) }],
    };
    return { participation, byStatus, submissions };
  }, [data, t]);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <ChartCard
          title={t('teaching.manage.dashboard.participation')}
          option={options.participation}
          empty={data.participation.every((p) => p.count === 0)}
        />
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard title={t('teaching.manage.dashboard.byStatus')} option={options.byStatus} />
      </Col>
      <Col xs={24}>
        <ChartCard
          title={t('teaching.manage.dashboard.submissions')}
          option={options.submissions}
          empty={data.submissions.length === 0}
        />
      </Col>
      <Col xs={24} lg={12}>
        <Ranking
          title={t('teaching.manage.dashboard.topStudents')}
          rows={data.topStudents}
          value={(v) => t('teaching.manage.dashboard.averageScore', { score: v })}
        />
      </Col>
      <Col xs={24} lg={12}>
        <Ranking
          title={t('teaching.manage.dashboard.topClasses')}
          rows={data.topClasses}
          value={(v) => t('teaching.manage.dashboard.participationRate', { percent: v })}
        />
      </Col>
    </Row>
  );
}

/** A chart in a card, or the empty state when there is nothing to draw. */
function ChartCard({
  title,
  option,
  empty = false,
}: {
  title: string;
  option: ChartOption;
  empty?: boolean;
}) {
  return (
    <Card title={title}>
      {empty ? <EmptyState /> : <EChart option={option} label={title} className="teaching-chart" />}
    </Card>
  );
}

function Ranking({
  title,
  rows,
  value,
}: {
  title: string;
  rows: Dashboard['topStudents'];
  value: (v: number) => string;
}) {
  return (
    <Card title={title}>
      {rows.length === 0 ? (
        <EmptyState />
      ) : (
        <ol className="teaching-ranking" aria-label={title}>
          {rows.map((row, i) => (
            <li key={row.id} className="teaching-rank">
              <Typography.Text strong>{i + 1}</Typography.Text>
              <span className="teaching-rank__name">{row.name}</span>
              <Typography.Text type="secondary">
                {value(Math.round(row.value * 10) / 10)}
              </Typography.Text>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
