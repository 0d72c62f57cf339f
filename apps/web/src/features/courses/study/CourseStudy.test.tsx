import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { coursesApi, labsApi, pathOf, type CostPreview, type StudyStep } from '@platform/contract';
import { setupTestEnvironment, toastTexts } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { fakeApi, fakeRoute } from '../../../test/fakeRoutes';
import { apiLanguage, changeLanguage } from '../../../shared/i18n';
import { centerDetail } from '../../labs/testing';
import { CourseStudy } from './CourseStudy';
import { courseInfo, paragraph, studyStep } from './testing';

setupTestEnvironment();
polyfillBrowser();

const location = () => screen.getByTestId('location').textContent;
const studyUrl = (id: string) => `/sch_edu/course/study?id=${id}`;
const noProgress: StudyStep['progress'] = {
  videoSeconds: null,
  completed: false,
  score: null,
  answers: null,
  results: null,
  withheld: null,
};

/** The lab step of the course (2-2), with its environment and a command. */
const command = 'mosquitto_sub -h localhost -t "home/#"';
const labStep = studyStep({
  id: '704',
  name: '2-2 发布消息',
  type: 'training',
  doc: paragraph('先订阅家居主题，再打开客厅的灯'),
  env: { id: '1', name: '智能家居仿真', kind: 'SIMULATION' },
  commands: [{ title: '订阅全部主题', command }],
});
/** A school that is not charged for its labs. */
const unmetered: CostPreview = {
  metered: false,
  items: [],
  fenPerHour: 0,
  totalFen: 0,
  packageSeconds: 0,
  untimedUntil: null,
  validUntil: null,
  hoursLeft: null,
  refusal: null,
};
/** What the lab of the lab step asks: its environment, restarts, cost, and a start. */
const labFakes = () => [
  fakeRoute(labsApi.centerDetail, centerDetail({ name: '智能家居仿真' })),
  fakeRoute(labsApi.restartLimit, { limit: 0, used: 0, remaining: null }),
  fakeRoute(labsApi.costPreview, unmetered),
  fakeRoute(labsApi.start, []),
];

describe('a document step', { timeout: 30_000 }, () => {
  it('shows the document, marks it done once, and opens the outline in a drawer', async () => {
    const api = fakeApi(
      fakeRoute(coursesApi.studyStep, (call) => (call.params.id === '704' ? labStep : studyStep())),
      fakeRoute(coursesApi.studentInfo, courseInfo()),
      fakeRoute(coursesApi.stepProgress, null),
      ...labFakes(),
    );
    renderView(<CourseStudy />, studyUrl('701'));
    expect(await screen.findByText('MQTT 是一种轻量的发布订阅协议')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '1-1 MQTT 是什么' })).toBeTruthy();
    await waitFor(() =>
      expect(api.bodies(coursesApi.stepProgress)).toEqual([{ stepId: '701', completed: true }]),
    );
    expect(screen.getByRole('button', { name: /上一步/ })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: /课程目录/ }));
    const outline = await screen.findByRole('navigation', { name: '课程目录' });
    expect(within(outline).getByRole('link', { current: 'step' }).textContent).toContain(
      '1-1 MQTT 是什么',
    );
    expect(within(outline).getByText('8 分')).toBeTruthy();
    expect(within(outline).getAllByLabelText('已完成')).toHaveLength(2);
    fireEvent.click(within(outline).getByRole('link', { name: /2-2 发布消息/ }));
    await waitFor(() => expect(location()).toBe(studyUrl('704')));
    expect(api.bodies(coursesApi.stepProgress)).toHaveLength(1);
  });

  it('fetches the step again in the language the interface switches to', async () => {
    fakeApi(
      fakeRoute(coursesApi.studyStep, () =>
        studyStep(
          apiLanguage() === 'en'
            ? { name: '1-1 What is MQTT', doc: paragraph('MQTT is a light protocol') }
            : {},
        ),
      ),
      fakeRoute(coursesApi.studentInfo, courseInfo()),
      fakeRoute(coursesApi.stepProgress, null),
    );
    renderView(<CourseStudy />, studyUrl('701'));
    await screen.findByText('MQTT 是一种轻量的发布订阅协议');
    await act(() => changeLanguage('en-US'));
    expect(await screen.findByText('MQTT is a light protocol')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '1-1 What is MQTT' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Next/ })).toBeTruthy();
  });
});

describe('a video step', { timeout: 30_000 }, () => {
  /** Where the course's video is; the step answers it signed. */
  const videoPath = pathOf(coursesApi.file.path, { courseId: '11', fileId: 'video0001' });

  /** The server remembers the position it is sent. */
  function serveVideo() {
    let seconds: number | null = 95;
    const video = () =>
      studyStep({
        id: '702',
        name: '1-2 协议视频',
        type: 'video',
        doc: null,
        file: {
          url: `${videoPath}?e=1&s=signature0000000000000`,
          downloadUrl: `${videoPath}?e=1&s=sig&download=1`,
          name: 'mqtt.mp4',
        },
        previousStepId: '701',
        nextStepId: '703',
        progress: { ...noProgress, videoSeconds: seconds },
      });
    return fakeApi(
      fakeRoute(coursesApi.studyStep, (call) => (call.params.id === '702' ? video() : studyStep())),
      fakeRoute(coursesApi.studentInfo, courseInfo()),
      fakeRoute(coursesApi.stepProgress, (call) => {
        const body = call.body as { videoSeconds?: number };
        if (body.videoSeconds !== undefined) seconds = body.videoSeconds;
        return null;
      }),
    );
  }

  const player = () => document.querySelector('video') as HTMLVideoElement;
  const videoSaves = (api: ReturnType<typeof serveVideo>) =>
    api.bodies(coursesApi.stepProgress).filter((b) => (b as { stepId: string }).stepId === '702');

  it('resumes where the student left off and saves the position while playing', async () => {
    const api = serveVideo();
    renderView(<CourseStudy />, studyUrl('702'));
    await screen.findByRole('heading', { name: '1-2 协议视频' });
    const video = player();
    expect(video.getAttribute('src')).toContain(videoPath);
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(95);
    expect(screen.getByText('已从上次观看的位置 1:35 继续')).toBeTruthy();

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fireEvent.play(video);
    video.currentTime = 104.7;
    vi.advanceTimersByTime(9_000);
    expect(videoSaves(api)).toEqual([]);
    vi.advanceTimersByTime(1_000);
    await waitFor(() => expect(videoSaves(api)).toEqual([{ stepId: '702', videoSeconds: 104 }]));
    // Paused where the last save left it: nothing new to say.
    fireEvent.pause(video);
    video.currentTime = 112.2;
    fireEvent.play(video);
    fireEvent.pause(video);
    vi.advanceTimersByTime(20_000);
    await waitFor(() => expect(videoSaves(api)).toHaveLength(2));
    expect(videoSaves(api)[1]).toEqual({ stepId: '702', videoSeconds: 112 });
    vi.useRealTimers();

    // Away to another step and back: the video resumes at the saved position.
    fireEvent.click(screen.getByRole('button', { name: /上一步/ }));
    await screen.findByText('MQTT 是一种轻量的发布订阅协议');
    fireEvent.click(screen.getByRole('button', { name: /下一步/ }));
    await screen.findByRole('heading', { name: '1-2 协议视频' });
    fireEvent.loadedMetadata(player());
    expect(player().currentTime).toBe(112);
    expect(videoSaves(api)).toHaveLength(2);
  });

  it('marks the step done at the end, and saves when the page is left', async () => {
    const api = serveVideo();
    const view = renderView(<CourseStudy />, studyUrl('702'));
    await screen.findByRole('heading', { name: '1-2 协议视频' });
    const video = player();
    video.currentTime = 300;
    fireEvent.ended(video);
    await waitFor(() =>
      expect(videoSaves(api)).toEqual([{ stepId: '702', videoSeconds: 300, completed: true }]),
    );
    expect(await screen.findByText('已完成')).toBeTruthy();

    video.currentTime = 12;
    fireEvent(window, new Event('pagehide'));
    await waitFor(() => expect(videoSaves(api)).toHaveLength(2));
    expect(videoSaves(api)[1]).toEqual({ stepId: '702', videoSeconds: 12 });
    const init = api.fetchMock.mock.calls.findLast(([url]) =>
      String(url).includes(coursesApi.stepProgress.path),
    )?.[1] as RequestInit;
    expect(init.keepalive).toBe(true);

    video.currentTime = 20;
    view.unmount();
    await waitFor(() => expect(videoSaves(api)).toHaveLength(3));
    expect(videoSaves(api)[2]).toEqual({ stepId: '702', videoSeconds: 20 });
  });
});

describe('a questions step', { timeout: 30_000 }, () => {
  const questions: StudyStep['questions'] = [
    {
      kind: 'single',
      stem: 'MQTT 基于哪种通信模式？',
      score: 5,
      options: ['请求响应', '发布订阅', '点对点'],
    },
    {
      kind: 'multiple',
      stem: 'MQTT 有哪些服务质量等级？',
      score: 5,
      options: ['QoS 0', 'QoS 1', 'QoS 2', 'QoS 3'],
    },
    { kind: 'judgement', stem: 'MQTT 运行在 TCP 之上', score: 5, options: [] },
    { kind: 'fill', stem: 'MQTT 的默认端口是多少？', score: 5, options: [] },
  ];
  const results = [
    { right: true, score: 5, rightOptions: [1], analysis: '' },
    { right: false, score: 0, rightOptions: [0, 1, 2], analysis: 'QoS 0、1、2 三个等级' },
    { right: true, score: 5, rightJudgement: true, analysis: '' },
    { right: true, score: 5, rightAnswers: ['1883', '1883/TCP'], analysis: '加密连接用 8883' },
  ];
  const exercises = (progress: Partial<StudyStep['progress']> = {}) =>
    studyStep({
      id: '703',
      name: '2-1 小测验',
      type: 'exercises',
      doc: null,
      questions,
      progress: { ...noProgress, ...progress },
    });

  it('scores the answers at once and shows each result, right answer and analysis', async () => {
    let stored: Partial<StudyStep['progress']> = {};
    const api = fakeApi(
      fakeRoute(coursesApi.studyStep, () => exercises(stored)),
      fakeRoute(coursesApi.studentInfo, courseInfo()),
      fakeRoute(coursesApi.stepAnswer, (call) => {
        const { answers } = call.body as Pick<StudyStep['progress'], 'answers'>;
        stored = { completed: true, score: 15, answers, results };
        return { score: 15, total: 20, results, withheld: null };
      }),
    );
    renderView(<CourseStudy />, studyUrl('703'));
    fireEvent.click(await screen.findByLabelText('B. 发布订阅'));
    fireEvent.click(screen.getByRole('button', { name: '提交答案' }));
    expect(await screen.findByText('还有 3 道题未作答，请全部作答后再提交')).toBeTruthy();
    expect(api.calls(coursesApi.stepAnswer)).toEqual([]);

    fireEvent.click(screen.getByLabelText('B. QoS 1'));
    fireEvent.click(screen.getByLabelText('A. QoS 0'));
    fireEvent.click(screen.getByLabelText('正确'));
    fireEvent.change(screen.getByLabelText('4. MQTT 的默认端口是多少？'), {
      target: { value: '1883' },
    });
    fireEvent.click(screen.getByRole('button', { name: '提交答案' }));

    expect(await screen.findByText('得分：15 / 20')).toBeTruthy();
    expect(api.bodies(coursesApi.stepAnswer)).toEqual([
      {
        stepId: '703',
        answers: [
          { kind: 'single', chosen: [1] },
          { kind: 'multiple', chosen: [0, 1] },
          { kind: 'judgement', answer: true },
          { kind: 'fill', text: '1883' },
        ],
      },
    ]);
    const items = screen.getAllByRole('listitem').filter((li) => li.closest('.cs-questions'));
    expect(within(items[0]!).getByText('回答正确，得 5 分')).toBeTruthy();
    expect(within(items[0]!).getByText('正确答案：B. 发布订阅')).toBeTruthy();
    expect(within(items[1]!).getByText('回答错误，得 0 分')).toBeTruthy();
    expect(within(items[1]!).getByText('正确答案：A. QoS 0；B. QoS 1；C. QoS 2')).toBeTruthy();
    expect(within(items[1]!).getByText('解析：QoS 0、1、2 三个等级')).toBeTruthy();
    expect(within(items[2]!).getByText('正确答案：正确')).toBeTruthy();
    expect(within(items[3]!).getByText('正确答案：1883；1883/TCP')).toBeTruthy();
    expect(within(items[3]!).getByText('解析：加密连接用 8883')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交答案' })).toBeNull();
    expect(screen.getByLabelText('C. QoS 2')).toHaveProperty('disabled', true);
    expect(screen.getByText('已完成')).toBeTruthy();
  });

  it('shows what an answered step was answered, with its results', async () => {
    fakeApi(
      fakeRoute(
        coursesApi.studyStep,
        exercises({
          completed: true,
          score: 15,
          answers: [
            { kind: 'single', chosen: [1] },
            { kind: 'multiple', chosen: [0, 1] },
            { kind: 'judgement', answer: true },
            { kind: 'fill', text: '1883' },
          ],
          results,
        }),
      ),
      fakeRoute(coursesApi.studentInfo, courseInfo()),
    );
    renderView(<CourseStudy />, studyUrl('703'));
    expect(await screen.findByText('得分：15 / 20')).toBeTruthy();
    expect(screen.getByLabelText('B. 发布订阅')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('A. QoS 0')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('C. QoS 2')).toHaveProperty('checked', false);
    expect(screen.getByLabelText<HTMLInputElement>('4. MQTT 的默认端口是多少？').value).toBe(
      '1883',
    );
    expect(screen.getByText('解析：QoS 0、1、2 三个等级')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交答案' })).toBeNull();
  });
});

describe('a lab step', { timeout: 30_000 }, () => {
  function serveLabStep() {
    return fakeApi(
      fakeRoute(coursesApi.studyStep, labStep),
      fakeRoute(coursesApi.studentInfo, courseInfo()),
      ...labFakes(),
    );
  }

  it('shows the instructions and the commands, and copies a command for the terminal', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const api = serveLabStep();
    renderView(<CourseStudy />, studyUrl('704'));
    expect(await screen.findByText('先订阅家居主题，再打开客厅的灯')).toBeTruthy();
    const commands = screen.getByRole('region', { name: '命令配置' });
    expect(within(commands).getByText('订阅全部主题')).toBeTruthy();
    expect(commands.querySelector('pre code')?.textContent).toBe(command);
    expect(within(commands).getByText(/点击“发送到终端”把命令粘贴到实验终端/)).toBeTruthy();
    fireEvent.click(within(commands).getByRole('button', { name: /发送到终端/ }));
    expect(toastTexts()).toContain('请先启动实验，再把命令发送到终端');
    fireEvent.click(within(commands).getByRole('button', { name: /复制/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(command));
    expect(toastTexts()).toContain('已复制，请在终端中粘贴（Ctrl+Shift+V 或右键粘贴）');

    fireEvent.click(screen.getByRole('tab', { name: '实验环境' }));
    expect(await screen.findByText('实验环境未启动，请点击“启动”')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '启动' }));
    await waitFor(() => expect(api.bodies(labsApi.start)).toEqual([{ expEnvId: '1' }]));
  });

  it('selects the command for copying by hand when the clipboard is out of reach', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    serveLabStep();
    renderView(<CourseStudy />, studyUrl('704'));
    const commands = await screen.findByRole('region', { name: '命令配置' });
    fireEvent.click(within(commands).getByRole('button', { name: /复制/ }));
    await waitFor(() =>
      expect(toastTexts()).toContain('无法访问剪贴板，命令已选中，请按 Ctrl+C 复制'),
    );
    expect(window.getSelection()?.toString()).toBe(command);
  });
});
