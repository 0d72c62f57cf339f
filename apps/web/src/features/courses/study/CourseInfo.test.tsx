import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { coursesApi } from '@platform/contract';
import { setupTestEnvironment } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { fakeApi, fakeRoute } from '../../../test/fakeRoutes';
import { apiLanguage, changeLanguage } from '../../../shared/i18n';
import { CourseInfo } from './CourseInfo';
import { courseInfo } from './testing';

setupTestEnvironment();
polyfillBrowser();

const location = () => screen.getByTestId('location').textContent;
const url = '/sch_edu/course/info?id=11';

describe('course info', { timeout: 30_000 }, () => {
  it('shows the course, its outline with marks, and continues at the first step not done', async () => {
    fakeApi(fakeRoute(coursesApi.studentInfo, courseInfo()));
    renderView(<CourseInfo />, url);
    expect(await screen.findByRole('heading', { name: 'MQTT 与传感器' })).toBeTruthy();
    expect(screen.getByText('本课程介绍 MQTT 协议')).toBeTruthy();
    expect(screen.getByText('智能家居仿真')).toBeTruthy();
    expect(screen.getByText('已完成 2 / 4 步')).toBeTruthy();
    expect(screen.getByText('累计得分：8')).toBeTruthy();
    const outline = screen.getByRole('navigation', { name: '课程目录' });
    const chapters = within(outline)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(chapters).toEqual(['第1章 认识 MQTT', '第2章 动手实验']);
    const steps = within(outline).getAllByRole('link');
    expect(steps.map((s) => s.querySelector('.cs-outline__name')?.textContent)).toEqual([
      '1-1 MQTT 是什么',
      '1-2 协议视频',
      '2-1 小测验',
      '2-2 发布消息',
    ]);
    expect(within(steps[0]!).getByLabelText('已完成')).toBeTruthy();
    expect(within(steps[1]!).queryByLabelText('已完成')).toBeNull();
    expect(within(steps[2]!).getByText('8 分')).toBeTruthy();
    expect(within(steps[3]!).getByText('实训')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '继续学习' }));
    await waitFor(() => expect(location()).toBe('/sch_edu/course/study?id=702'));
  });

  it('starts a course not begun, and reviews one done', async () => {
    const steps = courseInfo().chapters.map((c) => ({
      ...c,
      steps: c.steps.map((s) => ({ ...s, completed: false, score: null })),
    }));
    const notBegun = courseInfo({
      chapters: steps,
      progress: { done: 0, total: 4, percent: 0, score: 0, lastStudiedAt: null },
    });
    const done = courseInfo({
      id: '12',
      chapters: courseInfo().chapters.map((c) => ({
        ...c,
        steps: c.steps.map((s) => ({ ...s, completed: true })),
      })),
      progress: { done: 4, total: 4, percent: 100, score: 8, lastStudiedAt: null },
    });
    fakeApi(
      fakeRoute(coursesApi.studentInfo, (call) => (call.params.id === '12' ? done : notBegun)),
    );
    const view = renderView(<CourseInfo />, url);
    fireEvent.click(await screen.findByRole('button', { name: '开始学习' }));
    await waitFor(() => expect(location()).toBe('/sch_edu/course/study?id=701'));
    view.unmount();
    renderView(<CourseInfo />, '/sch_edu/course/info?id=12');
    fireEvent.click(await screen.findByRole('button', { name: '从头复习' }));
    await waitFor(() => expect(location()).toBe('/sch_edu/course/study?id=701'));
  });

  it('downloads a resource under its name', async () => {
    const api = fakeApi(
      fakeRoute(coursesApi.studentInfo, courseInfo()),
      fakeRoute(
        coursesApi.resourceDownload,
        new Response('zipped', {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': "attachment; filename*=UTF-8''%E8%AE%B2%E4%B9%89.zip",
          },
        }),
      ),
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:resource');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderView(<CourseInfo />, url);
    const item = (await screen.findByText('讲义.zip')).closest('li') as HTMLElement;
    expect(within(item).getByText('2.0 KB')).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: /下载/ }));
    await waitFor(() => expect(saved).toEqual(['讲义.zip']));
    expect(api.calls(coursesApi.resourceDownload).map((c) => c.params)).toEqual([{ id: '91' }]);
  });

  it('fetches the course in the language the interface switches to', async () => {
    const api = fakeApi(
      fakeRoute(coursesApi.studentInfo, () =>
        courseInfo(apiLanguage() === 'en' ? { name: 'MQTT and sensors' } : {}),
      ),
    );
    renderView(<CourseInfo />, url);
    await screen.findByRole('heading', { name: 'MQTT 与传感器' });
    await act(() => changeLanguage('en-US'));
    expect(await screen.findByRole('heading', { name: 'MQTT and sensors' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(api.calls(coursesApi.studentInfo).map((c) => c.params.id)).toEqual(['11', '11']);
  });

  it('asks for a course when the page has none', async () => {
    fakeApi();
    renderView(<CourseInfo />, '/sch_edu/course/info');
    expect(await screen.findByText('缺少课程编号，请从课程大厅进入')).toBeTruthy();
  });
});
