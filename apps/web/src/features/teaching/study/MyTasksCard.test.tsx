import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { teachingApi } from '@platform/contract';
import { setupTestEnvironment } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { fakeApi, fakeRoute } from '../../../test/fakeRoutes';
import { MyTasksCard } from './MyTasksCard';
import { ownTask } from './testing';

setupTestEnvironment();
polyfillBrowser();

const location = () => screen.getByTestId('location').textContent;

describe('my tasks on the workbench', { timeout: 30_000 }, () => {
  it('counts the tasks by state and leads to the ones due soonest', async () => {
    fakeApi(
      fakeRoute(teachingApi.myTask, {
        notSubmitted: 3,
        submitted: 1,
        completed: 7,
        unreadNotices: 2,
        dueSoon: [ownTask(), ownTask({ id: '502', name: '传感器考试', taskType: 1 })],
      }),
    );
    renderView(<MyTasksCard />, '/sch_edu/workbench');
    expect(await screen.findByText('3')).toBeTruthy();
    expect(screen.getByText('未提交').closest('a')?.getAttribute('href')).toBe(
      '/sch_edu/task/list?status=not_submitted',
    );
    expect(screen.getByText('已完成').previousSibling?.textContent).toBe('7');
    expect(screen.getByText('考试')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '传感器考试' }));
    await waitFor(() => expect(location()).toBe('/sch_edu/task/info?id=502'));
  });

  it('says so when nothing is due', async () => {
    fakeApi(
      fakeRoute(teachingApi.myTask, {
        notSubmitted: 0,
        submitted: 0,
        completed: 0,
        unreadNotices: 0,
        dueSoon: [],
      }),
    );
    renderView(<MyTasksCard />, '/sch_edu/workbench');
    expect(await screen.findByText('没有即将截止的任务')).toBeTruthy();
    expect(screen.getByRole('link', { name: '全部任务' }).getAttribute('href')).toBe(
      '/sch_edu/task/list',
    );
  });
});
