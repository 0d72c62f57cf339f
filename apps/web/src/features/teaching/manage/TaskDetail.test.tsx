import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { teachingApi } from '@platform/contract';
import { refusal, setupTestEnvironment, toastTexts } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { fakeRoute, fakeScreenApi } from '../../../test/fakeRoutes';
import { clickButton, errorOf, pickDate, rowOf, typeInto } from '../../../test/antd';
import { TaskDetail } from './TaskDetail';
import { sampleTaskDetail, taskPermissions } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/teaching/tasks/detail?id=501';

const dialog = () => document.querySelector('.ant-modal') as HTMLElement;

async function openExtend() {
  const row = await waitFor(() => rowOf('张三'));
  fireEvent.click(within(row).getByRole('checkbox'));
  await waitFor(() => expect(screen.getByText('延长时间').closest('button')?.disabled).toBe(false));
  clickButton('延长时间');
  await screen.findByText('延长时间（1 名学生）');
}

describe('task detail', { timeout: 30_000 }, () => {
  it('counts submitted, not submitted and scored students apart', async () => {
    fakeScreenApi(
      taskPermissions,
      fakeRoute(
        teachingApi.taskDetail,
        sampleTaskDetail({
          studentCount: 30,
          submittedCount: 24,
          notSubmittedCount: 6,
          scoredCount: 30,
        }),
      ),
    );
    renderView(<TaskDetail />, url);
    expect(await screen.findByText('已提交 24 · 未提交 6 · 已评分 30（共 30 人）')).toBeTruthy();
    expect(screen.getByText('提交与评分')).toBeTruthy();
  });

  it('shows the task, its outline and every student, and leads to a review', async () => {
    fakeScreenApi(taskPermissions, fakeRoute(teachingApi.taskDetail, sampleTaskDetail()));
    renderView(<TaskDetail />, url);
    expect(await screen.findByText('完成传感器接线并提交实验报告')).toBeTruthy();
    expect(screen.getByText('已提交 1 · 未提交 1 · 已评分 0（共 2 人）')).toBeTruthy();
    expect(screen.getAllByText('1-2 连接传感器').length).toBeGreaterThan(0);

    const zhang = rowOf('张三');
    expect(within(zhang).getByText('student01')).toBeTruthy();
    expect(within(zhang).getByText('8 / 10')).toBeTruthy();
    expect(within(zhang).getByLabelText('已完成 1 / 2 个步骤')).toBeTruthy();
    expect(within(zhang).getByText('报告已提交')).toBeTruthy();
    expect(within(zhang).getByText('50 分钟')).toBeTruthy();
    expect(within(zhang).getByText('40 分钟')).toBeTruthy();
    expect(within(zhang).getByText('运行中')).toBeTruthy();
    expect(within(rowOf('李四')).getByText('未运行')).toBeTruthy();

    fireEvent.click(within(zhang).getByText('评阅'));
    expect(screen.getByTestId('location').textContent).toBe(
      '/sch_edu/teaching/tasks/review?id=601',
    );
  });

  it('finds a student of the task by name or account', async () => {
    fakeScreenApi(taskPermissions, fakeRoute(teachingApi.taskDetail, sampleTaskDetail()));
    renderView(<TaskDetail />, url);
    await waitFor(() => rowOf('张三'));
    const search = screen.getByRole('searchbox', { name: '搜索学生姓名或账号' });
    const students = () =>
      Array.from(
        document.querySelectorAll('.ant-table-tbody tr.ant-table-row'),
        (r) => r.querySelector('td:nth-child(3)')?.textContent,
      );
    expect(students()).toEqual(['张三', '李四']);
    fireEvent.change(search, { target: { value: 'STUDENT02' } });
    await waitFor(() => expect(students()).toEqual(['李四']));
    fireEvent.change(search, { target: { value: '张' } });
    await waitFor(() => expect(students()).toEqual(['张三']));
    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(students()).toEqual(['张三', '李四']));
  });

  it('extends a range task: a date is required', async () => {
    const api = fakeScreenApi(
      taskPermissions,
      fakeRoute(
        teachingApi.taskDetail,
        sampleTaskDetail({
          timeType: 'range',
          durationMinutes: null,
          endAt: '2026-03-02T08:00:00.000Z',
        }),
      ),
      fakeRoute(teachingApi.taskExtend, { extended: 1 }),
    );
    renderView(<TaskDetail />, url);
    await openExtend();

    clickButton('确定', dialog());
    await waitFor(() => expect(errorOf('延长至')).toBe('请选择日期'));
    expect(api.calls(teachingApi.taskExtend)).toEqual([]);

    pickDate('延长至', '2026-03-05 18:00');
    clickButton('确定', dialog());
    await waitFor(() => expect(toastTexts()).toContain('已延长时间'));
    expect(api.bodies(teachingApi.taskExtend)).toEqual([
      {
        taskId: '501',
        studentTaskIds: ['601'],
        until: new Date('2026-03-05T18:00').toISOString(),
      },
    ]);
  });

  it('extends a duration task by a number of minutes', async () => {
    const api = fakeScreenApi(
      taskPermissions,
      fakeRoute(teachingApi.taskDetail, sampleTaskDetail()),
      fakeRoute(teachingApi.taskExtend, { extended: 1 }),
    );
    renderView(<TaskDetail />, url);
    await openExtend();
    clickButton('确定', dialog());
    await waitFor(() => expect(errorOf('延长分钟数')).toBe('请输入延长的分钟数'));
    typeInto('延长分钟数', '0');
    await waitFor(() => expect(errorOf('延长分钟数')).toBe('分钟数须为正整数'));
    typeInto('延长分钟数', '30');
    clickButton('确定', dialog());
    await waitFor(() => expect(toastTexts()).toContain('已延长时间'));
    expect(api.bodies(teachingApi.taskExtend)).toEqual([
      { taskId: '501', studentTaskIds: ['601'], minutes: 30 },
    ]);
  });

  it('says how many students are unscored when scores cannot be issued', async () => {
    const api = fakeScreenApi(
      taskPermissions,
      fakeRoute(teachingApi.taskDetail, sampleTaskDetail()),
      fakeRoute(
        teachingApi.issueScores,
        refusal(409, { message: '还有2名学生未评分', errorKey: 'teaching.unscored' }),
      ),
    );
    renderView(<TaskDetail />, url);
    await screen.findByText('张三');
    await waitFor(() => expect(screen.getByText('下发成绩')).toBeTruthy());
    clickButton('下发成绩');
    expect(
      await screen.findByText(
        '确定下发任务「MQTT 实训一」的成绩吗？下发后不能再次下发，学生不能再提交。',
      ),
    ).toBeTruthy();
    clickButton('下发成绩', document.querySelector('.ant-popconfirm') as HTMLElement);
    await waitFor(() => expect(toastTexts()).toEqual(['还有2名学生未评分']));
    expect(api.calls(teachingApi.issueScores).map((c) => c.params)).toEqual([{ id: '501' }]);
  });
});
