import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { coursesApi, labsApi, type CenterItem, type CourseEdit } from '@platform/contract';
import { refusal, setupTestEnvironment, toastTexts } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { page } from '../../../test/api';
import { fakeRoute, fakeScreenApi } from '../../../test/fakeRoutes';
import { clickButton } from '../../../test/antd';
import { CourseConfig } from './CourseConfig';
import { sampleCourse, sampleCourseEdit } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/teaching/courses/config?id=701';

function step(id: string, zh: string, type = 'document') {
  return { id, chapterId: '0', name: { zh }, content: { type, doc: {} }, fileUrl: null };
}

const course: CourseEdit = sampleCourseEdit({
  chapters: [
    {
      id: '802',
      name: { zh: '第二章 传感器' },
      description: null,
      steps: [step('1003', '2-1 温湿度')],
    },
    {
      id: '801',
      name: { zh: '第一章 认识 MQTT', en: 'Chapter 1 MQTT' },
      description: { zh: '协议与主题' },
      steps: [step('1002', '1-10 小结'), step('1001', '1-2 主题', 'video')],
    },
  ],
});

const smartHome: CenterItem = {
  id: '901',
  code: 'smart-home',
  name: '智能家居仿真',
  type: 1,
  experimentKind: '1',
  resourceKind: 'SIMULATION',
  labels: ['IoT'],
  description: '',
  openWith: 1,
  runnable: true,
  runtimeState: 0,
};

describe('course configuration', { timeout: 30_000 }, () => {
  it('shows chapters and steps in course order', async () => {
    fakeScreenApi(['course.edit'], fakeRoute(coursesApi.edit, course));
    renderView(<CourseConfig />, url);
    await screen.findByText('课程配置：MQTT 与传感器');
    const titles = Array.from(
      document.querySelectorAll('.course-chapter .ant-card-head-title'),
    ).map((el) => el.textContent);
    expect(titles).toEqual(['第一章 认识 MQTT', '第二章 传感器']);
    const steps = Array.from(document.querySelectorAll('.course-step__name')).map(
      (el) => el.textContent,
    );
    expect(steps).toEqual(['1-2 主题', '1-10 小结', '2-1 温湿度']);
    expect(screen.getByText('协议与主题')).toBeTruthy();
    expect(screen.getByText('视频')).toBeTruthy();
  });

  it('shows the server’s refusal to open a course for self-study', async () => {
    const api = fakeScreenApi(
      ['course.edit'],
      fakeRoute(coursesApi.edit, course),
      fakeRoute(
        coursesApi.selfStudy,
        refusal(400, { message: '章节步骤不能为空', errorKey: 'courses.chapter_steps_empty' }),
      ),
    );
    renderView(<CourseConfig />, url);
    const toggle = await screen.findByRole('switch', { name: '开放自学' });
    fireEvent.click(toggle);
    await waitFor(() => expect(toastTexts()).toEqual(['章节步骤不能为空']));
    expect(api.bodies(coursesApi.selfStudy)).toEqual([{ id: '701', open: true }]);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });

  it('chooses the course’s environments in a dialog and saves them with the course', async () => {
    const api = fakeScreenApi(
      ['course.edit'],
      fakeRoute(coursesApi.edit, course),
      fakeRoute(labsApi.centerPage, page([smartHome])),
      fakeRoute(coursesApi.save, sampleCourse()),
    );
    renderView(<CourseConfig />, url);
    await screen.findByText('尚未添加实验环境');
    clickButton('选择环境');
    const dialog = (await screen.findByText('选择课程环境')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(await within(dialog).findByLabelText('智能家居仿真'));
    expect(within(dialog).getByText('已选择 1 个环境')).toBeTruthy();
    clickButton('确定', dialog);
    await waitFor(() => expect(toastTexts()).toContain('课程环境已保存'));
    expect(api.bodies(coursesApi.save)).toEqual([
      {
        id: '701',
        name: { zh: 'MQTT 与传感器', en: 'MQTT and sensors' },
        difficulty: 'entry',
        specialty: 'iot',
        overview: { zh: '用 MQTT 连接传感器' },
        coverFileId: null,
        envIds: ['901'],
      },
    ]);
  });
});
