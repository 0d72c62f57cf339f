import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { teachingApi } from '@platform/contract';
import { setupTestEnvironment } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { page, type ApiCall } from '../../../test/api';
import { fakeApi, fakeRoute } from '../../../test/fakeRoutes';
import { searchFor } from '../../../test/antd';
import { MyReports, MyTasks } from './TaskLists';
import { ownTask } from './testing';

setupTestEnvironment();
polyfillBrowser();

const location = () => screen.getByTestId('location').textContent;

/** Picks an option of a plain select by its text. */
function choose(label: string, option: string) {
  const select = screen.getByLabelText(label);
  const value = within(select).getByRole<HTMLOptionElement>('option', { name: option }).value;
  fireEvent.change(select, { target: { value } });
}

const tasks = [
  ownTask(),
  ownTask({
    id: '502',
    name: '传感器考试',
    taskType: 1,
    courseId: '12',
    courseName: 'Python 数据分析',
    taskStatus: 'ended',
    status: 'completed',
    markStatus: 'issued',
    reportStatus: 'submitted',
    progress: 100,
    score: 92,
    timeType: 'duration',
    durationMinutes: 90,
    remainSeconds: null,
  }),
];

/** The list answers 23 tasks; the course filter's scan asks for 100 at once. */
function listAnswer(call: ApiCall) {
  return page(tasks, 23, Number(call.query.get('pageNum')), Number(call.query.get('pageSize')));
}
const listQueries = (api: ReturnType<typeof fakeApi>) =>
  api.queries(teachingApi.ownList).filter((q) => q.pageSize === '10');

describe('my tasks', { timeout: 30_000 }, () => {
  it('shows each task with its course, type, states, time, time left and issued score', async () => {
    fakeApi(fakeRoute(teachingApi.ownList, listAnswer));
    renderView(<MyTasks />, '/sch_edu/task/list');
    const first = (await screen.findByRole('link', { name: 'MQTT 实训' })).closest(
      '.ts-card',
    ) as HTMLElement;
    expect(within(first).getByText('实训')).toBeTruthy();
    expect(within(first).getByText('MQTT 与传感器')).toBeTruthy();
    expect(within(first).getByText('王老师')).toBeTruthy();
    expect(within(first).getByText('进行中')).toBeTruthy();
    expect(within(first).getByText('未提交')).toBeTruthy();
    expect(within(first).getByText('报告：未撰写')).toBeTruthy();
    expect(within(first).getByText(/ 至 /)).toBeTruthy();
    expect(within(first).getByText('剩余 01:00:00')).toBeTruthy();
    expect(within(first).queryByText(/成绩/)).toBeNull();

    const second = screen.getByText('传感器考试').closest('.ts-card') as HTMLElement;
    expect(within(second).getByText('考试')).toBeTruthy();
    expect(within(second).getByText('已完成')).toBeTruthy();
    expect(within(second).getByText('限时 90 分钟')).toBeTruthy();
    expect(within(second).getByText('成绩：92 分')).toBeTruthy();
    expect(within(second).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('共 23 条')).toBeTruthy();

    fireEvent.click(within(second).getByRole('button', { name: '查看任务' }));
    await waitFor(() => expect(location()).toBe('/sch_edu/task/info?id=502'));
  });

  it('shows no time left on a task already submitted', async () => {
    fakeApi(
      fakeRoute(
        teachingApi.ownList,
        page([ownTask({ status: 'submitted', reportStatus: 'submitted' })]),
      ),
    );
    renderView(<MyTasks />, '/sch_edu/task/list');
    const card = (await screen.findByRole('link', { name: 'MQTT 实训' })).closest(
      '.ts-card',
    ) as HTMLElement;
    expect(within(card).getByText('已提交')).toBeTruthy();
    expect(within(card).queryByText(/^剩余 /)).toBeNull();
    expect(within(card).queryByText('打开任务后开始计时')).toBeNull();
  });

  it('asks the server with each filter, ten a page, and keeps them in the address', async () => {
    const api = fakeApi(fakeRoute(teachingApi.ownList, listAnswer));
    renderView(<MyTasks />, '/sch_edu/task/list');
    await screen.findByText('MQTT 实训');
    expect(listQueries(api)).toEqual([{ pageNum: '1', pageSize: '10' }]);
    // The course filter offers the courses of the student's tasks.
    await waitFor(() =>
      expect(within(screen.getByLabelText('全部课程')).getAllByRole('option')).toHaveLength(3),
    );

    choose('全部状态', '已提交');
    choose('全部课程', 'Python 数据分析');
    choose('实验报告', '有实验报告');
    choose('全部类型', '考试');
    searchFor('按任务名称搜索', ' 传感器 ');
    await waitFor(() =>
      expect(listQueries(api).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        status: 'submitted',
        courseId: '12',
        isReport: '1',
        taskType: '1',
        name: '传感器',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(listQueries(api).at(-1)?.pageNum).toBe('2'));
    expect(location()).toBe(
      '/sch_edu/task/list?name=%E4%BC%A0%E6%84%9F%E5%99%A8&status=submitted&courseId=12&isReport=1&taskType=1&page=2',
    );

    // A filter changed goes back to the first page.
    choose('全部类型', '实训');
    await waitFor(() =>
      expect(listQueries(api).at(-1)).toMatchObject({ pageNum: '1', taskType: '0' }),
    );
  });

  it('reads its filters and page from the address, ignoring what is not a choice', async () => {
    const api = fakeApi(fakeRoute(teachingApi.ownList, listAnswer));
    renderView(<MyTasks />, '/sch_edu/task/list?status=bad&isReport=0&taskType=1&page=3');
    await screen.findByText('MQTT 实训');
    expect(listQueries(api)).toEqual([
      { pageNum: '3', pageSize: '10', isReport: '0', taskType: '1' },
    ]);
  });

  it('says when there are no tasks', async () => {
    fakeApi(fakeRoute(teachingApi.ownList, page([], 0)));
    renderView(<MyTasks />, '/sch_edu/task/list');
    expect(await screen.findByText('暂无任务')).toBeTruthy();
  });
});

describe('my reports', { timeout: 30_000 }, () => {
  it('lists the reports by state and opens one', async () => {
    const api = fakeApi(
      fakeRoute(teachingApi.myReports, (call) =>
        page(
          [
            {
              studentTaskId: '501',
              teachingTaskId: '401',
              taskName: 'MQTT 实训',
              courseName: 'MQTT 与传感器',
              status: 'returned' as const,
              length: 1200,
              savedAt: '2026-03-02T08:00:00.000Z',
              submittedAt: null,
              score: null,
            },
          ],
          1,
          Number(call.query.get('pageNum')),
        ),
      ),
    );
    renderView(<MyReports />, '/sch_edu/report/list');
    const link = await screen.findByRole('link', { name: 'MQTT 实训' });
    const row = link.closest('.ts-row') as HTMLElement;
    expect(within(row).getByText('报告：已退回')).toBeTruthy();
    expect(within(row).getByText(/^已保存于 2026-03-02/)).toBeTruthy();
    expect(within(row).getByText('1200 / 10000 字')).toBeTruthy();
    expect(api.queries(teachingApi.myReports)).toEqual([{ pageNum: '1', pageSize: '10' }]);

    choose('全部报告状态', '已退回');
    searchFor('按任务名称搜索', 'MQTT');
    await waitFor(() =>
      expect(api.queries(teachingApi.myReports).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        status: 'returned',
        name: 'MQTT',
      }),
    );
    fireEvent.click(screen.getByRole('link', { name: 'MQTT 实训' }));
    await waitFor(() => expect(location()).toBe('/sch_edu/report/reportInfo?id=501'));
  });
});
