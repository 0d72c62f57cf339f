import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { coursesApi, teachingApi, type StudyStep } from '@platform/contract';
import { setupTestEnvironment } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { fakeApi, fakeRoute } from '../../../test/fakeRoutes';
import { CourseStudy } from '../../courses/study/CourseStudy';
import { courseInfo, studyStep } from '../../courses/study/testing';
import { TaskDo } from './TaskDo';
import { TaskInfo } from './TaskInfo';
import { ownTaskDetail, remain, taskStep } from './testing';

setupTestEnvironment();
polyfillBrowser();

vi.mock('../../../shared/ui/RichTextEditor', () => import('../../../test/editorDouble'));

/** Decision 0040 as the student sees it: held exam content, withheld results and keys. */

const location = () => screen.getByTestId('location').textContent;
const durationExam = ownTaskDetail({
  taskType: 1,
  timeType: 'duration',
  durationMinutes: 45,
  progress: 0,
  usedSeconds: 0,
  contentHeld: 'not_started',
  autoScore: null,
  chapterDTOS: [],
  resources: [],
});
const questions: StudyStep['questions'] = [
  { kind: 'judgement', stem: 'MQTT 运行在 TCP 之上', score: 5, options: [] },
];
const quiz = (partial: Partial<StudyStep['progress']> = {}) =>
  taskStep({
    id: '706',
    name: '1-3 小测验',
    type: 'exercises',
    doc: null,
    questions,
    progress: { ...taskStep().progress, ...partial },
  });

describe('an exam’s content before and after its window', { timeout: 30_000 }, () => {
  it('says why no steps are shown, and starts the exam without a step to go to', async () => {
    let started = false;
    const api = fakeApi(
      fakeRoute(teachingApi.ownDetail, () =>
        started ? ownTaskDetail({ taskType: 1 }) : durationExam,
      ),
      fakeRoute(teachingApi.remainTime, () => remain({ remainSeconds: 2700, running: started })),
      fakeRoute(teachingApi.taskStart, () => {
        started = true;
        return remain({ remainSeconds: 2700, running: true });
      }),
    );
    renderView(<TaskInfo />, '/sch_edu/task/info?id=501');
    const held = '考试开始后才能看到考试的步骤、题目和资源。';
    expect(await screen.findAllByText(held)).toHaveLength(3);
    expect(screen.queryByText('讲义.zip')).toBeNull();
    expect(screen.getByText('成绩下发后公布')).toBeTruthy();
    const start = screen.getByRole('button', { name: '开始任务' });
    expect(start).toHaveProperty('disabled', false);
    fireEvent.click(start);
    await waitFor(() => expect(location()).toBe('/sch_edu/task/do/exam?id=501'));
    expect(api.calls(teachingApi.taskStart).map((c) => c.params)).toEqual([{ id: '501' }]);
    await waitFor(() => expect(api.calls(teachingApi.ownDetail).length).toBeGreaterThan(1));
  });

  it('asks for no step of an exam that is over and not released', async () => {
    const api = fakeApi(
      fakeRoute(
        teachingApi.ownDetail,
        ownTaskDetail({
          taskType: 1,
          status: 'submitted',
          contentHeld: 'not_released',
          chapterDTOS: [],
          resources: [],
        }),
      ),
      fakeRoute(teachingApi.remainTime, remain({ remainSeconds: null })),
      fakeRoute(teachingApi.studyStep, quiz()),
    );
    renderView(<TaskDo />, '/sch_edu/task/do/exam?id=501&step=706');
    expect(
      await screen.findByText('你的考试时间已结束，老师下发成绩后可以再查看考试内容。'),
    ).toBeTruthy();
    expect(api.calls(teachingApi.studyStep)).toEqual([]);
  });
});

describe('answers whose results a task holds back', { timeout: 30_000 }, () => {
  it('shows nothing of an exam’s results but that the answers are in', async () => {
    fakeApi(
      fakeRoute(teachingApi.ownDetail, ownTaskDetail({ taskType: 1 })),
      fakeRoute(teachingApi.remainTime, remain()),
      fakeRoute(teachingApi.taskStart, remain()),
      fakeRoute(teachingApi.studyStep, quiz()),
      fakeRoute(teachingApi.stepAnswer, {
        score: null,
        total: 5,
        results: null,
        withheld: 'results',
      }),
    );
    renderView(<TaskDo />, '/sch_edu/task/do/exam?id=501&step=706');
    fireEvent.click(await screen.findByLabelText('正确'));
    fireEvent.click(screen.getByRole('button', { name: '提交答案' }));
    expect(
      await screen.findByText('答案已提交。得分、对错和正确答案将在老师下发成绩后公布。'),
    ).toBeTruthy();
    expect(screen.queryByText(/得分：/)).toBeNull();
    expect(screen.queryByText(/回答正确|回答错误/)).toBeNull();
    expect(screen.getByLabelText('正确')).toHaveProperty('disabled', true);
  });

  it('shows a training task’s right or wrong without the right answer', async () => {
    fakeApi(
      fakeRoute(teachingApi.ownDetail, ownTaskDetail()),
      fakeRoute(teachingApi.remainTime, remain()),
      fakeRoute(teachingApi.taskStart, remain()),
      fakeRoute(
        teachingApi.studyStep,
        quiz({
          completed: true,
          score: 0,
          answers: [{ kind: 'judgement', answer: false }],
          results: [{ right: false, score: 0 }],
          withheld: 'keys',
        }),
      ),
    );
    renderView(<TaskDo />, '/sch_edu/task/do/task?id=501&step=706');
    expect(await screen.findByText('回答错误，得 0 分')).toBeTruthy();
    expect(screen.getByText('得分：0 / 5')).toBeTruthy();
    expect(screen.getByText('正确答案和解析将在老师下发任务成绩后公布。')).toBeTruthy();
    expect(screen.queryByText(/正确答案：/)).toBeNull();
  });

  it('takes no self-study answers to questions a task of the student uses', async () => {
    fakeApi(
      fakeRoute(
        coursesApi.studyStep,
        studyStep({
          id: '706',
          name: '1-3 小测验',
          type: 'exercises',
          doc: null,
          questions,
          progress: { ...studyStep().progress, withheld: 'keys' },
        }),
      ),
      fakeRoute(coursesApi.studentInfo, courseInfo()),
    );
    renderView(<CourseStudy />, '/sch_edu/course/study?id=706');
    expect(
      await screen.findByText(/这些题目属于你尚未发布成绩的教学任务，请在任务中作答/),
    ).toBeTruthy();
    expect(screen.getByLabelText('正确')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: '提交答案' })).toBeNull();
  });
});
