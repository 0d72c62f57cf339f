import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { classesApi, coursesApi, teachingApi } from '@platform/contract';
import { setupTestEnvironment, toastTexts } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { page, type ApiCall } from '../../../test/api';
import { fakeRoute, fakeScreenApi, type FakeRoute } from '../../../test/fakeRoutes';
import { chooseOption, clickButton, rowOf, searchFor } from '../../../test/antd';
import { TaskList } from './TaskList';
import { sampleCourse } from '../../courses/manage/testing';
import { sampleTask, taskPermissions } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/teaching/tasks';

/** Page 1 holds the two tasks below, page 2 a third; 12 tasks in all. */
function pages(call: ApiCall) {
  const pageNum = Number(call.query.get('pageNum'));
  const records =
    pageNum === 2
      ? [sampleTask({ id: '511', name: '第二页的任务' })]
      : [
          sampleTask(),
          sampleTask({
            id: '502',
            name: '传感器考试',
            kind: 'exam',
            classId: null,
            className: null,
            timeType: 'range',
            durationMinutes: null,
            startAt: '2026-04-01T01:00:00.000Z',
            endAt: '2026-04-01T03:00:00.000Z',
            status: 'not_started',
          }),
        ];
  return { records, total: 12, pageNum, pageSize: 10 };
}

/** The list's pages, and the courses and classes its filters offer. */
const listFakes = (): FakeRoute[] => [
  fakeRoute(teachingApi.taskPage, pages),
  fakeRoute(coursesApi.page, page([sampleCourse()], 1, 1, 50)),
  fakeRoute(classesApi.list, [{ id: '41', name: '物联网 2301', grade: '2023', archived: false }]),
];

describe('task list', { timeout: 30_000 }, () => {
  it('shows the tasks of a page, pages on the server and filters', async () => {
    const api = fakeScreenApi(taskPermissions, ...listFakes());
    renderView(<TaskList />, url);
    const first = await waitFor(() => rowOf('MQTT 实训一'));
    expect(within(first).getByText('练习')).toBeTruthy();
    expect(within(first).getByText('物联网 2301')).toBeTruthy();
    expect(within(first).getByText('90 分钟')).toBeTruthy();
    expect(within(first).getByText('进行中')).toBeTruthy();
    expect(within(first).getByText('已提交 1 · 未提交 1 · 已评分 0（共 2 人）')).toBeTruthy();
    const exam = rowOf('传感器考试');
    expect(within(exam).getByText('考试')).toBeTruthy();
    expect(within(exam).getByText('指定学生')).toBeTruthy();
    expect(within(exam).getByText('未开始')).toBeTruthy();
    expect(screen.getByText('共 12 条')).toBeTruthy();

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('第二页的任务')).toBeTruthy();
    expect(api.queries(teachingApi.taskPage).at(-1)).toEqual({ pageNum: '2', pageSize: '10' });

    searchFor('按任务名称搜索', ' 考试 ');
    await waitFor(() =>
      expect(api.queries(teachingApi.taskPage).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        name: '考试',
      }),
    );
    await chooseOption(screen.getByLabelText('全部状态'), '未开始');
    await waitFor(() =>
      expect(api.queries(teachingApi.taskPage).at(-1)).toMatchObject({
        name: '考试',
        status: 'not_started',
      }),
    );
    await chooseOption(screen.getByLabelText('全部类型'), '考试');
    await waitFor(() =>
      expect(api.queries(teachingApi.taskPage).at(-1)).toMatchObject({ kind: 'exam' }),
    );
  });

  it('deletes after asking, and opens the detail', async () => {
    const api = fakeScreenApi(
      taskPermissions,
      ...listFakes(),
      fakeRoute(teachingApi.taskDelete, null),
    );
    renderView(<TaskList />, url);
    const exam = await waitFor(() => rowOf('传感器考试'));
    await waitFor(() => expect(within(exam).getByText('删除')).toBeTruthy());
    // An ongoing task is canceled, not deleted.
    expect(within(rowOf('MQTT 实训一')).queryByText('删除')).toBeNull();
    expect(within(rowOf('MQTT 实训一')).getByText('取消任务')).toBeTruthy();

    fireEvent.click(within(exam).getByText('删除'));
    expect(await screen.findByText('确定删除任务「传感器考试」吗？')).toBeTruthy();
    expect(api.calls(teachingApi.taskDelete)).toEqual([]);
    clickButton('删除', document.querySelector('.ant-popconfirm') as HTMLElement);
    await waitFor(() => expect(toastTexts()).toContain('任务已删除'));
    expect(
      api.calls(teachingApi.taskDelete).map((c) => ({ method: c.method, ...c.params })),
    ).toEqual([{ method: 'POST', id: '502' }]);

    fireEvent.click(within(rowOf('MQTT 实训一')).getByText('详情'));
    expect(screen.getByTestId('location').textContent).toBe(
      '/sch_edu/teaching/tasks/detail?id=501',
    );
  });

  it('without permissions only details are offered', async () => {
    fakeScreenApi([], ...listFakes());
    renderView(<TaskList />, '/sch_edu/school/tasks');
    const row = await waitFor(() => rowOf('传感器考试'));
    expect(within(row).getByText('详情')).toBeTruthy();
    expect(within(row).queryByText('编辑')).toBeNull();
    expect(within(row).queryByText('删除')).toBeNull();
    expect(screen.queryByText('新建任务')).toBeNull();
  });
});
