import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { coursesApi, pathOf } from '@platform/contract';
import { setupTestEnvironment } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { pageAnswer } from '../../../test/api';
import { fakeRoute, fakeScreenApi } from '../../../test/fakeRoutes';
import { chooseOption, clickButton, rowOf, searchFor } from '../../../test/antd';
import { CourseCentre } from './CourseCentre';
import { sampleCourse } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/teaching/courses';
const rows = [
  sampleCourse(),
  sampleCourse({
    id: '702',
    name: 'Python 数据分析',
    difficulty: 'harder',
    specialty: 'ai',
    schoolId: null,
    authorName: null,
    editable: false,
    coverUrl: `${pathOf(coursesApi.file.path, { courseId: '702', fileId: 'cover0001' })}?e=1&s=abc`,
  }),
];
const location = () => screen.getByTestId('location').textContent;

describe('course centre', { timeout: 30_000 }, () => {
  it('pages and filters on the server and shows courses as cards', async () => {
    const api = fakeScreenApi(
      ['course.add', 'course.edit'],
      fakeRoute(coursesApi.page, pageAnswer(rows, 23)),
    );
    renderView(<CourseCentre />, url);
    expect(await screen.findByText('Python 数据分析')).toBeTruthy();
    expect(screen.getByAltText('Python 数据分析').getAttribute('src')).toBe(rows[1]!.coverUrl);
    expect(screen.getByText('平台')).toBeTruthy();
    expect(screen.getByText('较难')).toBeTruthy();
    expect(api.queries(coursesApi.page)[0]).toEqual({ pageNum: '1', pageSize: '10' });

    await chooseOption(screen.getByLabelText('全部难度'), '入门');
    await chooseOption(screen.getByLabelText('全部专业'), '物联网');
    await chooseOption(screen.getByLabelText('全部来源'), '本校课程');
    searchFor('按课程名称搜索', 'MQTT');
    await waitFor(() =>
      expect(api.queries(coursesApi.page).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        difficulty: 'entry',
        specialty: 'iot',
        owner: 'school',
        name: 'MQTT',
      }),
    );

    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(api.queries(coursesApi.page).at(-1)?.pageNum).toBe('3'));
    expect(api.queries(coursesApi.page).at(-1)?.name).toBe('MQTT');
  });

  it('offers configuration only for the school’s own courses, and a new course with course.add', async () => {
    fakeScreenApi(['course.add', 'course.edit'], fakeRoute(coursesApi.page, pageAnswer(rows, 2)));
    renderView(<CourseCentre />, url);
    await screen.findByText('Python 数据分析');
    fireEvent.click(screen.getByText('表格'));
    const mqtt = await waitFor(() => rowOf('MQTT 与传感器'));
    await waitFor(() => expect(within(mqtt).getByText('课程配置')).toBeTruthy());
    expect(within(rowOf('Python 数据分析')).queryByText('课程配置')).toBeNull();

    fireEvent.click(within(mqtt).getByText('课程配置'));
    await waitFor(() => expect(location()).toBe('/sch_edu/teaching/courses/config?id=701'));
    fireEvent.click(within(rowOf('Python 数据分析')).getByText('详情'));
    await waitFor(() => expect(location()).toBe('/sch_edu/teaching/courses/detail?id=702'));
    clickButton('新建课程');
    await waitFor(() => expect(location()).toBe('/sch_edu/teaching/courses/add'));
  });

  it('hides the new course button without course.add', async () => {
    fakeScreenApi([], fakeRoute(coursesApi.page, pageAnswer(rows, 2)));
    renderView(<CourseCentre />, url);
    await screen.findByText('Python 数据分析');
    expect(screen.queryByText('新建课程')).toBeNull();
    expect(screen.queryByText('课程配置')).toBeNull();
  });
});
