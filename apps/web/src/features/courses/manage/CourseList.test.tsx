import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { coursesApi, teachersApi, type Teacher } from '@platform/contract';
import { refusal, setupTestEnvironment, toastTexts } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { page, pageAnswer } from '../../../test/api';
import { fakeRoute, fakeScreenApi } from '../../../test/fakeRoutes';
import { chooseOption, clickButton, rowOf } from '../../../test/antd';
import { CourseList } from './CourseList';
import { sampleCourse } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/school/courses';
const managerPermissions = [
  'course.add',
  'course.edit',
  'course.delete',
  'course.transfer',
  'course.resource',
];
const rows = [
  sampleCourse(),
  sampleCourse({
    id: '702',
    name: 'Python 数据分析',
    schoolId: null,
    editable: false,
    purchasedUntil: '2027-01-01T00:00:00.000Z',
  }),
];

function teacher(id: string, name: string): Teacher {
  return {
    id,
    username: `139${id}`,
    name,
    sex: 1,
    phone: `1390000${id}`,
    role: 'teacher',
    enabled: true,
    status: 'normal',
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('school course list', { timeout: 30_000 }, () => {
  it('deletes after asking, and words a refusal as a failed delete', async () => {
    const api = fakeScreenApi(
      managerPermissions,
      fakeRoute(coursesApi.page, pageAnswer(rows, 2)),
      fakeRoute(
        coursesApi.remove,
        refusal(400, {
          message: '已购课程在有效期内不能删除',
          errorKey: 'courses.purchased_in_validity',
        }),
      ),
    );
    renderView(<CourseList />, url);
    const python = await waitFor(() => rowOf('Python 数据分析'));
    await waitFor(() => expect(within(python).getByText('删除')).toBeTruthy());
    // A platform course is neither edited nor transferred by the school.
    expect(within(python).queryByText('编辑')).toBeNull();
    expect(within(python).queryByText('转让')).toBeNull();

    fireEvent.click(within(python).getByText('删除'));
    expect(await screen.findByText('确定删除课程「Python 数据分析」吗？')).toBeTruthy();
    expect(api.calls(coursesApi.remove)).toEqual([]);
    const popup = document.querySelector('.ant-popconfirm') as HTMLElement;
    clickButton('删除', popup);
    await waitFor(() => expect(toastTexts()).toEqual(['删除失败：已购课程在有效期内不能删除']));
    expect(api.bodies(coursesApi.remove)).toEqual([{ id: '702' }]);
  });

  it('transfers a course to another teacher of the school', async () => {
    const api = fakeScreenApi(
      managerPermissions,
      fakeRoute(coursesApi.page, pageAnswer(rows, 2)),
      fakeRoute(teachersApi.page, page([teacher('301', '王老师'), teacher('302', '李老师')])),
      fakeRoute(coursesApi.transfer, sampleCourse({ authorId: '302', authorName: '李老师' })),
    );
    renderView(<CourseList />, url);
    const mqtt = await waitFor(() => rowOf('MQTT 与传感器'));
    await waitFor(() => expect(within(mqtt).getByText('转让')).toBeTruthy());
    fireEvent.click(within(mqtt).getByText('转让'));
    expect(await screen.findByText('转让课程：MQTT 与传感器')).toBeTruthy();

    clickButton('确定');
    expect(await screen.findByText('请选择接收课程的教师')).toBeTruthy();
    expect(api.calls(coursesApi.transfer)).toEqual([]);

    const select = screen.getByLabelText('接收教师');
    fireEvent.mouseDown(select);
    // The course's own author is not offered.
    await waitFor(() =>
      expect(document.querySelector('[title="李老师 (1390000302)"]')).toBeTruthy(),
    );
    expect(document.querySelector('[title="王老师 (1390000301)"]')).toBeNull();
    await chooseOption(select, '李老师 (1390000302)');
    clickButton('确定');
    await waitFor(() => expect(toastTexts()).toContain('课程已转让'));
    expect(api.bodies(coursesApi.transfer)).toEqual([{ id: '701', teacherId: '302' }]);

    expect(api.queries(teachersApi.page)[0]).toMatchObject({ pageNum: '1', pageSize: '50' });
  });

  it('without permissions only details are offered', async () => {
    fakeScreenApi([], fakeRoute(coursesApi.page, pageAnswer(rows, 2)));
    renderView(<CourseList />, url);
    const mqtt = await waitFor(() => rowOf('MQTT 与传感器'));
    expect(within(mqtt).getByText('详情')).toBeTruthy();
    expect(within(mqtt).queryByText('编辑')).toBeNull();
    expect(within(mqtt).queryByText('删除')).toBeNull();
    expect(within(mqtt).queryByText('转让')).toBeNull();
    expect(screen.queryByText('新建课程')).toBeNull();
  });
});
