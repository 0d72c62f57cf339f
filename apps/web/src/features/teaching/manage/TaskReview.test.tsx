import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { teachingApi, type FileEntry } from '@platform/contract';
import { setupTestEnvironment, toastTexts } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { fakeRoute, fakeScreenApi } from '../../../test/fakeRoutes';
import { clickButton, errorOf, field, typeInto } from '../../../test/antd';
import { TaskReview } from './TaskReview';
import { sampleReview, sampleTaskDetail, taskPermissions } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/teaching/tasks/review?id=601';

const entry = (path: string, isDir = false): FileEntry => ({
  name: path.split('/').pop() ?? path,
  path,
  isDir,
  size: isDir ? 0 : 2048,
  modifiedAt: '2026-03-01T09:00:00.000Z',
});

/** The student's lab home of the task's environment, by folder. */
const listing: Record<string, FileEntry[]> = {
  '': [entry('data', true), entry('fan.py')],
  data: [entry('data/telemetry.csv')],
};
const labFiles = fakeRoute(teachingApi.labFiles, (c) => listing[c.query.get('path') ?? ''] ?? []);

const saveButton = () => screen.getByText('保存评分').closest('button')!;
const helpOf = (label: string) =>
  field(label).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ??
  null;

describe('student task review', { timeout: 30_000 }, () => {
  it('shows answers, check attempts, the report and lab usage, and watches the lab', async () => {
    const api = fakeScreenApi(
      taskPermissions,
      fakeRoute(teachingApi.taskStudent, sampleReview()),
      fakeRoute(teachingApi.taskDetail, sampleTaskDetail()),
      fakeRoute(teachingApi.labWatch, {
        url: 'https://lab.example/watch/abc',
        expiresAt: '2026-03-01T10:00:00Z',
      }),
      labFiles,
    );
    renderView(<TaskReview />, url);
    expect(await screen.findByText('张三 · MQTT 实训一')).toBeTruthy();
    expect(screen.getByText('传感器已接入网关')).toBeTruthy();
    expect(screen.getByText('45 分钟')).toBeTruthy();

    fireEvent.click(screen.getByText('1-1 小测'));
    expect(await screen.findByText('MQTT 默认端口是？')).toBeTruthy();
    expect(screen.getByText('学生答案：A. 1883')).toBeTruthy();
    expect(screen.getByText('得分 8/8')).toBeTruthy();
    fireEvent.click(screen.getByText('1-2 连接传感器'));
    expect(await screen.findByText('温度主题')).toBeTruthy();
    expect(screen.getByText('5/10 分')).toBeTruthy();
    expect(screen.getByText('隐藏')).toBeTruthy();

    clickButton('查看终端');
    await waitFor(() =>
      expect(document.querySelector('iframe')?.getAttribute('src')).toBe(
        'https://lab.example/watch/abc',
      ),
    );
    expect(api.calls(teachingApi.labWatch).map((c) => ({ method: c.method, ...c.params }))).toEqual(
      [{ method: 'POST', id: '601' }],
    );

    // The next student of the task.
    await waitFor(() =>
      expect(screen.getByText('下一个学生').closest('button')?.disabled).toBe(false),
    );
    expect(screen.getByText('上一个学生').closest('button')?.disabled).toBe(true);
  });

  it('reads the student’s lab files of the task, read-only, and downloads one', async () => {
    const api = fakeScreenApi(
      taskPermissions,
      fakeRoute(teachingApi.taskStudent, sampleReview({ lab: null })),
      fakeRoute(teachingApi.taskDetail, sampleTaskDetail()),
      labFiles,
      fakeRoute(
        teachingApi.labFile,
        () =>
          new Response('a,b\n', {
            headers: { 'content-disposition': 'attachment; filename="telemetry.csv"' },
          }),
      ),
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderView(<TaskReview />, url);
    expect(await screen.findByText('实验文件')).toBeTruthy();
    // The lab has stopped: its home is still read from the environment the student used.
    expect(await screen.findByText('fan.py')).toBeTruthy();
    expect(api.calls(teachingApi.labFiles)[0]!.params).toEqual({ id: '601' });
    expect(api.queries(teachingApi.labFiles)[0]).toEqual({ envId: '901', path: '' });
    expect(screen.queryByText('上传')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'data/' }));
    fireEvent.click(await screen.findByRole('button', { name: '下载 telemetry.csv' }));
    await waitFor(() => expect(saved).toEqual(['telemetry.csv']));
    expect(api.calls(teachingApi.labFile)[0]!.params).toEqual({ id: '601' });
    expect(api.queries(teachingApi.labFile)[0]).toEqual({
      envId: '901',
      path: 'data/telemetry.csv',
    });
  });

  it('says so when the student has used no lab of the task', async () => {
    fakeScreenApi(
      taskPermissions,
      fakeRoute(teachingApi.taskStudent, sampleReview({ lab: null, labUsage: [] })),
      fakeRoute(teachingApi.taskDetail, sampleTaskDetail()),
    );
    renderView(<TaskReview />, url);
    expect(await screen.findByText('学生还没有启动过本任务的实验环境，没有实验文件')).toBeTruthy();
  });

  it('checks the score, cuts a long comment and saves', async () => {
    const api = fakeScreenApi(
      taskPermissions,
      fakeRoute(teachingApi.taskStudent, sampleReview()),
      fakeRoute(teachingApi.taskDetail, sampleTaskDetail()),
      labFiles,
      fakeRoute(teachingApi.taskScore, (call) => ({
        ...(call.body as { studentTaskId: string; score: number; comment: string }),
        commentTruncated: false,
      })),
    );
    renderView(<TaskReview />, url);
    await screen.findByText('张三 · MQTT 实训一');
    await waitFor(() => expect(saveButton().disabled).toBe(false));

    clickButton('保存评分');
    await waitFor(() => expect(errorOf('分数')).toBe('输入的分数不正确'));
    typeInto('分数', '101');
    await waitFor(() => expect(errorOf('分数')).toBe('输入的分数不正确'));
    typeInto('分数', '7.5');
    await waitFor(() => expect(errorOf('分数')).toBe('输入的分数不正确'));
    expect(api.calls(teachingApi.taskScore)).toEqual([]);

    typeInto('分数', '90');
    await waitFor(() => expect(errorOf('分数')).toBeNull());
    typeInto('评语', '好'.repeat(520));
    await waitFor(() => expect(helpOf('评语')).toBe('评语超过500个字符，已自动截断'));
    expect(field('评语')).toHaveProperty('value', '好'.repeat(500));

    clickButton('保存评分');
    await waitFor(() => expect(toastTexts()).toContain('评分成功'));
    expect(api.bodies(teachingApi.taskScore)).toEqual([
      { studentTaskId: '601', score: 90, comment: '好'.repeat(500) },
    ]);
  });

  it('says so when the server cut the comment', async () => {
    fakeScreenApi(
      taskPermissions,
      fakeRoute(
        teachingApi.taskStudent,
        sampleReview({ progress: { ...sampleReview().progress, score: 80 } }),
      ),
      fakeRoute(teachingApi.taskDetail, sampleTaskDetail()),
      labFiles,
      fakeRoute(teachingApi.taskScore, {
        studentTaskId: '601',
        score: 80,
        comment: 'x',
        commentTruncated: true,
      }),
    );
    renderView(<TaskReview />, url);
    await screen.findByText('张三 · MQTT 实训一');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    clickButton('保存评分');
    await waitFor(() =>
      expect(toastTexts()).toEqual(['评分成功', '评语超过500个字符，已自动截断']),
    );
  });

  it('returns only a submitted report', async () => {
    const li = sampleReview({
      progress: { ...sampleReview().progress, studentTaskId: '602', studentName: '李四' },
      report: { ...sampleReview().report, status: 'draft', submittedAt: null },
    });
    const api = fakeScreenApi(
      taskPermissions,
      fakeRoute(teachingApi.taskStudent, (call) =>
        call.params.id === '602' ? li : sampleReview(),
      ),
      fakeRoute(teachingApi.taskDetail, sampleTaskDetail()),
      labFiles,
      fakeRoute(teachingApi.reportReturn, null),
    );
    renderView(<TaskReview />, url);
    await screen.findByText('张三 · MQTT 实训一');
    await waitFor(() => expect(screen.getByText('退回报告')).toBeTruthy());
    clickButton('退回报告');
    clickButton(
      '退回报告',
      (await waitFor(() => document.querySelector('.ant-popconfirm'))) as HTMLElement,
    );
    await waitFor(() => expect(toastTexts()).toContain('报告已退回'));
    expect(api.bodies(teachingApi.reportReturn)).toEqual([{ studentTaskId: '601' }]);

    await waitFor(() =>
      expect(screen.getByText('下一个学生').closest('button')?.disabled).toBe(false),
    );
    clickButton('下一个学生');
    expect(await screen.findByText('李四 · MQTT 实训一')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(
      '/sch_edu/teaching/tasks/review?id=602',
    );
    const back = screen.getByText('退回报告').closest('button')!;
    expect(back.disabled).toBe(true);
    fireEvent.mouseEnter(back.parentElement!);
    expect(await screen.findByText('未提交，不允许退回')).toBeTruthy();
  });
});
