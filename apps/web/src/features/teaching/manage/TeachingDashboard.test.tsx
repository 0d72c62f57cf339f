import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setupTestEnvironment } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { chartTexts, polyfillCharts } from '../../../test/charts';
import { teachingApi } from '@platform/contract';
import { fakeRoute, fakeScreenApi } from '../../../test/fakeRoutes';
import { TeachingDashboard } from './TeachingDashboard';
import { sampleDashboard } from './testing';

setupTestEnvironment();
polyfillBrowser();

polyfillCharts('teaching-chart');

describe('teaching dashboard', { timeout: 30_000 }, () => {
  it('shows the counts, charts and top 5 of a period', async () => {
    const api = fakeScreenApi(
      [],
      fakeRoute(teachingApi.dashboard, (call) =>
        sampleDashboard({
          period: call.query.get('period') as 'week' | 'month',
          taskCount: call.query.get('period') === 'month' ? 12 : 7,
        }),
      ),
    );
    renderView(<TeachingDashboard />, '/sch_edu/teaching/dashboard');
    expect(await screen.findByText('教学看板')).toBeTruthy();
    expect(await screen.findByText('92')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(api.queries(teachingApi.dashboard)).toEqual([{ period: 'week' }]);

    // The charts are drawn as SVG with the bands, statuses and days in words.
    await waitFor(() => expect(chartTexts('学生参与度').length).toBeGreaterThan(0));
    expect(chartTexts('学生参与度')).toEqual(expect.arrayContaining(['100%', '60% 以下']));
    expect(chartTexts('任务状态')).toEqual(expect.arrayContaining(['进行中', '已归档']));
    expect(chartTexts('提交趋势').length).toBeGreaterThan(0);

    const students = screen.getByRole('list', { name: '学生成绩前 5 名' });
    expect(students.textContent).toContain('张三');
    expect(students.textContent).toContain('平均 96.5 分');
    expect(screen.getByRole('list', { name: '班级参与度前 5 名' }).textContent).toContain(
      '参与度 88%',
    );

    fireEvent.click(screen.getByText('本月'));
    expect(await screen.findByText('12')).toBeTruthy();
    expect(api.queries(teachingApi.dashboard).at(-1)).toEqual({ period: 'month' });
  });
});
