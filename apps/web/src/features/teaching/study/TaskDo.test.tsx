import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  teachingApi,
  type CheckRunResult,
  type StudyStep,
  type TaskStudyStep,
} from '@platform/contract';
import { refusal, setupTestEnvironment } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { fakeApi, fakeRoute, type FakeRoute } from '../../../test/fakeRoutes';
import { paragraph } from '../../courses/study/testing';
import { TaskDo } from './TaskDo';
import { ownTaskDetail, remain, reportInfo, taskStep } from './testing';

setupTestEnvironment();
polyfillBrowser();

vi.mock('../../../shared/ui/RichTextEditor', () => import('../../../test/editorDouble'));

const location = () => screen.getByTestId('location').textContent;
const doUrl = (step: string, page = 'task') => `/sch_edu/task/do/${page}?id=501&step=${step}`;

const labStep = (partial: Parameters<typeof taskStep>[0] = {}) =>
  taskStep({
    id: '704',
    name: '1-2 发布消息',
    type: 'training',
    doc: paragraph('订阅主题，再打开客厅的灯'),
    checks: [
      { title: '订阅了 home 主题', score: 5 },
      { title: '客厅灯已打开', score: 3 },
    ],
    hiddenChecks: { count: 2, score: 2 },
    ...partial,
  });

const questions: StudyStep['questions'] = [
  { kind: 'judgement', stem: 'MQTT 运行在 TCP 之上', score: 5, options: [] },
];
const questionStep = taskStep({
  id: '706',
  name: '1-3 小测验',
  type: 'exercises',
  doc: null,
  questions,
});
const reportStep = (done: boolean) =>
  taskStep({
    id: '705',
    name: '2-1 实验报告',
    type: 'report',
    doc: paragraph('写出实验步骤和结果'),
    progress: { ...taskStep().progress, completed: done },
  });

type Steps = Record<string, () => TaskStudyStep>;

/**
 * The task, its time and its steps by id; `steps` answers some steps otherwise, and `fakes` come
 * before the task's own.
 */
function serveTask(
  { steps = {}, fakes = [] }: { steps?: Steps; fakes?: FakeRoute[] } = {},
  time = remain(),
) {
  const answers: Steps = {
    '701': () => taskStep({ nextStepId: '702' }),
    '704': () => labStep(),
    '705': () => reportStep(false),
    '706': () => questionStep,
    ...steps,
  };
  return fakeApi(
    ...fakes,
    fakeRoute(teachingApi.ownDetail, ownTaskDetail()),
    fakeRoute(teachingApi.remainTime, time),
    fakeRoute(teachingApi.taskStart, time),
    fakeRoute(teachingApi.studyStep, (call) => {
      const step = answers[call.params.id ?? ''];
      return step
        ? step()
        : refusal(404, { message: '步骤不存在', errorKey: 'courses.step_not_found' });
    }),
    fakeRoute(teachingApi.stepProgress, null),
    fakeRoute(teachingApi.reportInfo, reportInfo()),
  );
}

/** The calls for one step of the task. */
const stepCalls = (api: ReturnType<typeof serveTask>, id: string) =>
  api.calls(teachingApi.studyStep).filter((c) => c.params.id === id);

describe('doing a task', { timeout: 30_000 }, () => {
  it('opens the task, records progress in it, and moves through its own steps', async () => {
    const api = serveTask();
    renderView(<TaskDo />, doUrl('701'));
    expect(await screen.findByText('MQTT 是一种轻量的发布订阅协议')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'MQTT 实训' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toContain('剩余 01:00:00');
    await waitFor(() =>
      expect(api.bodies(teachingApi.stepProgress)).toEqual([
        { studentTaskId: '501', stepId: '701', completed: true },
      ]),
    );
    expect(api.calls(teachingApi.taskStart).map((c) => c.params)).toEqual([{ id: '501' }]);
    expect(stepCalls(api, '701').map((c) => Object.fromEntries(c.query))).toEqual([
      { studentTaskId: '501' },
    ]);

    // The next step is the task's next (704), not the course's (702).
    fireEvent.click(screen.getByRole('button', { name: /下一步/ }));
    await waitFor(() => expect(location()).toBe(doUrl('704')));

    fireEvent.click(screen.getByRole('button', { name: /任务要求/ }));
    expect(await screen.findByText('完成传感器实验并提交实验报告')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /任务详情/ }));
    expect(await screen.findByText('王老师')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /步骤列表/ }));
    const steps = await screen.findByRole('navigation', { name: '步骤列表' });
    fireEvent.click(within(steps).getByRole('link', { name: /2-1 实验报告/ }));
    await waitFor(() => expect(location()).toBe(doUrl('705')));

    fireEvent.click(screen.getByRole('button', { name: '返回任务信息' }));
    await waitFor(() => expect(location()).toBe('/sch_edu/task/info?id=501'));
  });

  it('sends answers to the task, with its student task', async () => {
    const api = serveTask({
      fakes: [
        fakeRoute(teachingApi.stepAnswer, {
          score: 5,
          total: 5,
          results: [{ right: true, score: 5, rightJudgement: true, analysis: '' }],
          withheld: null,
        }),
      ],
    });
    renderView(<TaskDo />, doUrl('706', 'exam'));
    expect(await screen.findByText('考试进行中：时间结束时，系统将按已保存的答案自动提交。'));
    fireEvent.click(await screen.findByLabelText('正确'));
    fireEvent.click(screen.getByRole('button', { name: '提交答案' }));
    expect(await screen.findByText('得分：5 / 5')).toBeTruthy();
    expect(api.bodies(teachingApi.stepAnswer)).toEqual([
      { studentTaskId: '501', stepId: '706', answers: [{ kind: 'judgement', answer: true }] },
    ]);
  });

  it('runs a lab step’s checks and shows partial credit with each reason', async () => {
    const result: CheckRunResult = {
      attemptId: '9001',
      stepId: '704',
      score: 7,
      max: 10,
      message: '还差一步：客厅灯没有打开',
      items: [
        { title: '订阅了 home 主题', score: 5, max: 5, passed: true, message: '', hidden: false },
        {
          title: '客厅灯已打开',
          score: 0,
          max: 3,
          passed: false,
          message: 'home/living/light 上没有 ON',
          hidden: false,
        },
        { title: '其他检查', score: 2, max: 2, passed: true, message: '', hidden: true },
      ],
      durationMs: 420,
      createdAt: '2026-03-01T09:30:00.000Z',
    };
    const api = serveTask({ fakes: [fakeRoute(teachingApi.stepCheck, result)] });
    renderView(<TaskDo />, doUrl('704'));
    const panel = await screen.findByRole('region', { name: '实验检查' });
    expect(within(panel).getByText('订阅了 home 主题')).toBeTruthy();
    expect(within(panel).getByText('5 分')).toBeTruthy();
    expect(within(panel).getByText('另有 2 项隐藏检查（共 2 分）')).toBeTruthy();
    expect(within(panel).getByText('还没有检查过，完成实验后点击“检查”')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: /检查/ }));
    const shown = await within(panel).findByLabelText('检查结果');
    expect(within(shown).getByText('得分 7 / 10')).toBeTruthy();
    expect(within(shown).getByText('还差一步：客厅灯没有打开')).toBeTruthy();
    expect(within(shown).getByText('0 / 3')).toBeTruthy();
    expect(within(shown).getByText('home/living/light 上没有 ON')).toBeTruthy();
    expect(within(shown).getAllByLabelText('通过')).toHaveLength(2);
    expect(within(shown).getAllByLabelText('未通过')).toHaveLength(1);
    expect(api.bodies(teachingApi.stepCheck)).toEqual([{ studentTaskId: '501', stepId: '704' }]);
  });

  it('shows the last attempt when the step opens', async () => {
    serveTask({
      steps: {
        '704': () =>
          labStep({
            lastCheck: {
              attemptId: '9000',
              stepId: '704',
              score: 10,
              max: 10,
              message: '全部通过',
              items: [],
              durationMs: 300,
              createdAt: '2026-03-01T09:00:00.000Z',
            },
          }),
      },
    });
    renderView(<TaskDo />, doUrl('704'));
    const panel = await screen.findByRole('region', { name: '实验检查' });
    expect(within(panel).getByText('得分 10 / 10')).toBeTruthy();
    expect(within(panel).getByText(/^检查时间：2026-03-01/)).toBeTruthy();
  });

  it('locks answering when the time is up', async () => {
    const api = serveTask({}, remain({ remainSeconds: 0, timeUp: true }));
    const view = renderView(<TaskDo />, doUrl('706'));
    expect(await screen.findAllByText('任务时间已用完')).not.toHaveLength(0);
    expect(await screen.findByLabelText('正确')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: '提交答案' })).toBeNull();
    expect(api.calls(teachingApi.taskStart)).toEqual([]);
    view.unmount();

    renderView(<TaskDo />, doUrl('704'));
    const panel = await screen.findByRole('region', { name: '实验检查' });
    expect(within(panel).getByRole('button', { name: /检查/ })).toHaveProperty('disabled', true);
  });

  it('opens the report editor in place in the report step', async () => {
    let submitted = false;
    const api = serveTask(
      {
        steps: { '705': () => reportStep(submitted) },
        fakes: [
          fakeRoute(teachingApi.reportInfo, () =>
            reportInfo(submitted ? { status: 'submitted', editable: false } : {}),
          ),
          fakeRoute(teachingApi.reportSubmit, () => {
            submitted = true;
            return { revision: 4, savedAt: '2026-03-01T10:00:00.000Z', length: 5 };
          }),
        ],
      },
      remain(),
    );
    renderView(<TaskDo />, doUrl('705'));
    expect(await screen.findByText('写出实验步骤和结果')).toBeTruthy();
    expect(await screen.findByLabelText('实验报告')).toBeTruthy();
    expect(screen.queryByText(/即将开放/)).toBeNull();
    expect(screen.queryByText('已完成')).toBeNull();
    const timesAsked = api.calls(teachingApi.remainTime).length;

    // Submitting the report submits the report alone: its step is done, the task stays open.
    fireEvent.click(screen.getByRole('button', { name: /提交报告/ }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('只提交实验报告？')).toBeTruthy();
    expect(within(confirm).getByText(/任务的其他步骤仍可继续完成/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '提交报告' }));
    expect(await screen.findByText('已完成')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('实验报告')).toBeNull());
    expect(screen.getByText('传感器接线')).toBeTruthy();
    expect(stepCalls(api, '705')).toHaveLength(2);
    expect(api.calls(teachingApi.remainTime).length).toBeGreaterThan(timesAsked);
    expect(screen.getByRole('button', { name: /提交任务/ })).toBeTruthy();
  });
});
