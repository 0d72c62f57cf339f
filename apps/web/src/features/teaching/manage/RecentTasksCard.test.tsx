import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { teachingApi } from '@platform/contract';
import { setupTestEnvironment } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { page } from '../../../test/api';
import { fakeApi, fakeRoute } from '../../../test/fakeRoutes';
import { RecentTasksCard } from './RecentTasksCard';
import { sampleTask } from './testing';

setupTestEnvironment();
polyfillBrowser();

describe('recent tasks on the workbench', { timeout: 30_000 }, () => {
  it('lists the five latest tasks, each leading to its detail under the menu’s list', async () => {
    const api = fakeApi(
      fakeRoute(
        teachingApi.taskPage,
        page(
          [sampleTask({ id: '777', name: 'MQTT 实训一', submittedCount: 12, studentCount: 30 })],
          1,
        ),
      ),
    );
    renderView(<RecentTasksCard schUrl="sch_edu" listPath="school/tasks" />, '/sch_edu/workbench');
    const link = await screen.findByRole('link', { name: 'MQTT 实训一' });
    expect(link.getAttribute('href')).toBe('/sch_edu/school/tasks/detail?id=777');
    expect(screen.getByText(/已提交 12\/30/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '全部任务' }).getAttribute('href')).toBe(
      '/sch_edu/school/tasks',
    );
    expect(api.queries(teachingApi.taskPage)[0]).toMatchObject({ pageNum: '1', pageSize: '5' });
  });

  it('says so when there is no task yet', async () => {
    fakeApi(fakeRoute(teachingApi.taskPage, page([], 0)));
    renderView(
      <RecentTasksCard schUrl="sch_edu" listPath="teaching/tasks" />,
      '/sch_edu/workbench',
    );
    expect(await screen.findByText('还没有教学任务')).toBeTruthy();
  });
});
