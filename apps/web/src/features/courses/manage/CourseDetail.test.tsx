import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { coursesApi, type CourseDetail as Detail, type CourseResource } from '@platform/contract';
import { setupTestEnvironment, toastTexts } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { pageAnswer } from '../../../test/api';
import { fakeRoute, fakeScreenApi } from '../../../test/fakeRoutes';
import { clickButton, rowOf } from '../../../test/antd';
import { CourseDetail } from './CourseDetail';
import { sampleCourse } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/school/courses/detail?id=701';

const detail: Detail = {
  ...sampleCourse(),
  description: {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: '从零开始连接传感器' }] }],
  },
  environments: [{ id: '901', name: '智能家居仿真', kind: 'emulation' }],
  chapters: [
    { id: '802', name: '第二章 传感器', description: '', steps: [] },
    {
      id: '801',
      name: '第一章 认识 MQTT',
      description: '',
      steps: [{ id: '1001', name: '1-1 协议', type: 'pdf' }],
    },
  ],
  resources: [],
};

const resource: CourseResource = {
  id: '1201',
  name: '接线图.pdf',
  size: 2048,
  contentType: 'application/pdf',
  createdAt: '2026-03-01T08:00:00.000Z',
};

describe('course detail', { timeout: 30_000 }, () => {
  it('shows the course, its outline in order and its resource table', async () => {
    const api = fakeScreenApi(
      ['course.edit', 'course.resource'],
      fakeRoute(coursesApi.detail, detail),
      fakeRoute(coursesApi.resourcePage, pageAnswer([resource], 1)),
      fakeRoute(coursesApi.resourceDelete, null),
    );
    renderView(<CourseDetail />, url);
    expect(await screen.findByText('从零开始连接传感器')).toBeTruthy();
    expect(screen.getByText('智能家居仿真')).toBeTruthy();
    const chapters = Array.from(document.querySelectorAll('.course-chapter h5')).map(
      (el) => el.textContent,
    );
    expect(chapters).toEqual(['第一章 认识 MQTT', '第二章 传感器']);
    expect(screen.getByText('本章还没有步骤')).toBeTruthy();

    const row = await waitFor(() => rowOf('接线图.pdf'));
    expect(within(row).getByText('2.0 KB')).toBeTruthy();
    expect(within(row).getByText('下载')).toBeTruthy();
    expect(api.queries(coursesApi.resourcePage)[0]).toEqual({
      courseId: '701',
      pageNum: '1',
      pageSize: '10',
    });
    await waitFor(() => expect(screen.getByText('上传文件')).toBeTruthy());

    fireEvent.click(within(row).getByText('删除'));
    clickButton('删除', document.querySelector('.ant-popconfirm') as HTMLElement);
    await waitFor(() => expect(toastTexts()).toContain('资源文件已删除'));
    expect(api.bodies(coursesApi.resourceDelete)).toEqual([{ id: '1201' }]);

    clickButton('课程配置');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/sch_edu/school/courses/config?id=701',
      ),
    );
  });

  it('offers neither changes nor uploads without the permissions', async () => {
    fakeScreenApi(
      [],
      fakeRoute(coursesApi.detail, detail),
      fakeRoute(coursesApi.resourcePage, pageAnswer([resource], 1)),
    );
    renderView(<CourseDetail />, url);
    const row = await waitFor(() => rowOf('接线图.pdf'));
    expect(within(row).getByText('下载')).toBeTruthy();
    expect(within(row).queryByText('删除')).toBeNull();
    expect(screen.queryByText('上传文件')).toBeNull();
    expect(screen.queryByText('课程配置')).toBeNull();
  });
});
