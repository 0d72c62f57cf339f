import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { teachingApi } from '@platform/contract';
import { setupTestEnvironment } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { fakeApi, fakeRoute } from '../../../test/fakeRoutes';
import { TaskInfo } from './TaskInfo';
import { ownTaskDetail, remain, resourcePath } from './testing';

setupTestEnvironment();
polyfillBrowser();

const location = () => screen.getByTestId('location').textContent;
const infoUrl = '/sch_edu/task/info?id=501';

/** Only the clock's interval and time are faked: the rest of the page runs as usual. */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
function tick(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('task info', { timeout: 30_000 }, () => {
  it('shows the task: requirements, steps with marks, environments and resources', async () => {
    fakeApi(
      fakeRoute(teachingApi.ownDetail, ownTaskDetail()),
      fakeRoute(teachingApi.remainTime, remain()),
    );
    renderView(<TaskInfo />, infoUrl);
    expect(await screen.findByRole('heading', { name: 'MQTT 实训' })).toBeTruthy();
    expect(screen.getByText('完成传感器实验并提交实验报告')).toBeTruthy();
    const outline = screen.getByRole('navigation', { name: '任务步骤' });
    expect(within(outline).getAllByLabelText('已完成')).toHaveLength(1);
    expect(
      within(outline)
        .getByRole('link', { name: /1-2 发布消息/ })
        .getAttribute('href'),
    ).toBe('/sch_edu/task/do/task?id=501&step=704');
    expect(screen.getByText('智能家居仿真')).toBeTruthy();
    expect(screen.getByRole('link', { name: /下载/ }).getAttribute('href')).toContain(resourcePath);
    expect(screen.getByText('8 / 20')).toBeTruthy();
    expect(screen.queryByText(/成绩：/)).toBeNull();
  });

  it('counts the time left down each second, asks the server each minute, and says when it is up', async () => {
    fakeClock();
    let answer = remain({ remainSeconds: 65 });
    const api = fakeApi(
      fakeRoute(teachingApi.ownDetail, ownTaskDetail()),
      fakeRoute(teachingApi.remainTime, () => answer),
    );
    renderView(<TaskInfo />, infoUrl);
    // Beside its label "剩余时间" the clock stands alone: no "剩余时间 剩余 00:01:05".
    expect(await screen.findByText('00:01:05')).toBeTruthy();
    expect(screen.getByRole('timer').closest('.ant-descriptions-item')?.textContent).toBe(
      '剩余时间 00:01:05',
    );
    expect(api.queries(teachingApi.remainTime)).toEqual([
      { teachingTaskId: '401', studentTaskId: '501' },
    ]);
    tick(1000);
    expect(screen.getByText('00:01:04')).toBeTruthy();
    tick(4000);
    expect(screen.getByText('00:01:00')).toBeTruthy();

    // A minute on, the server is asked again and its answer wins (the teacher gave more time).
    answer = remain({ remainSeconds: 3_600 * 26 + 5 });
    tick(56_000);
    await waitFor(() => expect(api.calls(teachingApi.remainTime)).toHaveLength(2));
    expect(await screen.findByText('1 天 02:00:05')).toBeTruthy();

    answer = remain({ remainSeconds: 2 });
    tick(60_000);
    expect(await screen.findByText('00:00:02')).toBeTruthy();
    answer = remain({ remainSeconds: 0, timeUp: true });
    tick(2000);
    expect(await screen.findByText('任务时间已用完')).toBeTruthy();
    expect(screen.getByText('任务时间已用完，不能继续作答，可以查看已完成的内容。')).toBeTruthy();
    // The end is confirmed with the server, and the task offers a look back, read only.
    await waitFor(() => expect(api.calls(teachingApi.remainTime)).toHaveLength(4));
    expect(await screen.findByRole('button', { name: '查看内容' })).toBeTruthy();
  });

  it('shows a duration exam’s whole time, still, until the student starts it', async () => {
    fakeClock();
    fakeApi(
      fakeRoute(
        teachingApi.ownDetail,
        ownTaskDetail({
          taskType: 1,
          timeType: 'duration',
          durationMinutes: 45,
          progress: 0,
          usedSeconds: 0,
        }),
      ),
      fakeRoute(
        teachingApi.remainTime,
        remain({ remainSeconds: 2700, running: false, deadline: null }),
      ),
    );
    renderView(<TaskInfo />, infoUrl);
    expect(await screen.findByText('00:45:00（开始任务后计时）')).toBeTruthy();
    tick(5000);
    expect(screen.getByText('00:45:00（开始任务后计时）')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText(/00:44:5/)).toBeNull();
  });

  it('starts the task and opens it at the first step not done; an exam opens as an exam', async () => {
    const api = fakeApi(
      fakeRoute(teachingApi.ownDetail, ownTaskDetail({ taskType: 1 })),
      fakeRoute(teachingApi.remainTime, remain()),
      fakeRoute(teachingApi.taskStart, remain()),
    );
    renderView(<TaskInfo />, infoUrl);
    fireEvent.click(await screen.findByRole('button', { name: '继续任务' }));
    await waitFor(() => expect(location()).toBe('/sch_edu/task/do/exam?id=501&step=704'));
    expect(
      api.calls(teachingApi.taskStart).map((c) => ({ method: c.method, ...c.params })),
    ).toEqual([{ method: 'POST', id: '501' }]);
  });

  it('shows the score and the comment once issued', async () => {
    fakeApi(
      fakeRoute(
        teachingApi.ownDetail,
        ownTaskDetail({
          taskStatus: 'ended',
          status: 'completed',
          scoresIssued: true,
          score: 88,
          comment: '实验步骤完整',
        }),
      ),
      fakeRoute(teachingApi.remainTime, remain({ remainSeconds: null })),
    );
    renderView(<TaskInfo />, infoUrl);
    expect(await screen.findByText('成绩：88 分')).toBeTruthy();
    expect(screen.getByText('教师评语：实验步骤完整')).toBeTruthy();
    expect(screen.getByRole('button', { name: '查看内容' })).toBeTruthy();
  });

  it('says where the time left was that a submitted task is submitted', async () => {
    fakeApi(
      fakeRoute(
        teachingApi.ownDetail,
        ownTaskDetail({ status: 'submitted', reportStatus: 'submitted' }),
      ),
      fakeRoute(teachingApi.remainTime, remain({ remainSeconds: null })),
    );
    renderView(<TaskInfo />, infoUrl);
    const left = (await screen.findByText('剩余时间')).closest(
      '.ant-descriptions-item-container',
    ) as HTMLElement;
    expect(within(left).getByText('已提交')).toBeTruthy();
    expect(screen.queryByText('打开任务后开始计时')).toBeNull();
    expect(screen.getByRole('button', { name: '查看内容' })).toBeTruthy();
  });

  it('cannot be started before it begins', async () => {
    fakeApi(
      fakeRoute(
        teachingApi.ownDetail,
        ownTaskDetail({ taskStatus: 'not_started', progress: 0, usedSeconds: 0 }),
      ),
      fakeRoute(teachingApi.remainTime, remain({ remainSeconds: null })),
    );
    renderView(<TaskInfo />, infoUrl);
    const start = await screen.findByRole('button', { name: '开始任务' });
    expect(start).toHaveProperty('disabled', true);
    expect(start.getAttribute('title')).toBe('任务尚未开始');
  });
});
