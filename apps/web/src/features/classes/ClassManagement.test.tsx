import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { pageAnswer } from '../../test/api';
import { classesApi, orgApi } from '@platform/contract';
import { type FakeRoute, fakeRoute, fakeScreenApi } from '../../test/fakeRoutes';
import { clickButton, rowOf, searchFor } from '../../test/antd';
import { ClassManagement } from './ClassManagement';
import { sampleClass, sampleMajors } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/school/classes';
const managerPermissions = ['class.add', 'class.edit', 'class.delete', 'class.archive'];
const teacherPermissions = ['class.add', 'class.edit'];

const rows = [
  sampleClass(),
  sampleClass({
    id: '502',
    name: '大数据 2023 班',
    grade: '2023',
    majors: [
      { id: '21', name: '物联网应用技术' },
      { id: '22', name: '大数据技术' },
    ],
    studentCount: 0,
  }),
];

function fakeClasses(permissions: string[], ...fakes: FakeRoute[]) {
  return fakeScreenApi(
    permissions,
    ...fakes,
    fakeRoute(orgApi.majors, sampleMajors),
    fakeRoute(classesApi.page, (call) =>
      call.query.get('archived') === 'true'
        ? pageAnswer([sampleClass({ id: '503', name: '旧班级', archived: true })], 1)(call)
        : pageAnswer(rows, 12)(call),
    ),
  );
}

describe('class management', { timeout: 30_000 }, () => {
  it('shows the server page with majors and counts, and every action for a manager', async () => {
    const api = fakeClasses(managerPermissions);
    renderView(<ClassManagement />, url);
    const first = await waitFor(() => rowOf('大数据 2023 班'));
    expect(within(first).getByText('大数据技术')).toBeTruthy();
    expect(within(first).getByText('使用中')).toBeTruthy();
    await waitFor(() => expect(within(first).getByText('删除')).toBeTruthy());
    expect(within(first).getByText('编辑')).toBeTruthy();
    expect(within(first).getByText('归档')).toBeTruthy();
    expect(screen.getByText('新增班级')).toBeTruthy();
    expect(screen.getByText('共 12 条')).toBeTruthy();
    expect(api.queries(classesApi.page)[0]).toEqual({ pageNum: '1', pageSize: '10' });
  });

  it('hides delete and archive from a teacher', async () => {
    fakeClasses(teacherPermissions);
    renderView(<ClassManagement />, url);
    const row = await waitFor(() => rowOf('大数据 2023 班'));
    await waitFor(() => expect(within(row).getByText('编辑')).toBeTruthy());
    expect(within(row).queryByText('删除')).toBeNull();
    expect(within(row).queryByText('归档')).toBeNull();
    expect(screen.getByText('新增班级')).toBeTruthy();
  });

  it('sends the filters to the server and lists archived classes read-only', async () => {
    const api = fakeClasses(managerPermissions);
    renderView(<ClassManagement />, url);
    await waitFor(() => rowOf('大数据 2023 班'));
    searchFor('搜索班级名称', ' 物联网 ');
    await waitFor(() =>
      expect(api.queries(classesApi.page).at(-1)).toMatchObject({ name: '物联网' }),
    );
    fireEvent.click(screen.getByText('已归档的班级'));
    const old = await waitFor(() => rowOf('旧班级'));
    expect(api.queries(classesApi.page).at(-1)).toEqual({
      pageNum: '1',
      pageSize: '10',
      name: '物联网',
      archived: 'true',
    });
    expect(within(old).getByText('已归档')).toBeTruthy();
    await waitFor(() => expect(within(old).getByText('删除')).toBeTruthy());
    expect(within(old).queryByText('编辑')).toBeNull();
    expect(within(old).queryByText('归档')).toBeNull();
  });

  it("shows the server's refusal when a class with students is deleted", async () => {
    const api = fakeClasses(
      managerPermissions,
      fakeRoute(classesApi.delete, () =>
        refusal(409, {
          message: '该班级下存在学生，无法删除',
          errorKey: 'classes.has_students',
        }),
      ),
    );
    renderView(<ClassManagement />, url);
    const row = await waitFor(() => rowOf('物联网 2024-1 班'));
    await waitFor(() => expect(within(row).getByText('删除')).toBeTruthy());
    fireEvent.click(within(row).getByText('删除'));
    await screen.findByText('确定删除班级“物联网 2024-1 班”吗？');
    clickButton('确定');
    await waitFor(() => expect(toastTexts()).toContain('该班级下存在学生，无法删除'));
    expect(api.sent.filter((c) => c.method === 'POST').map((c) => [c.route, c.params])).toEqual([
      [classesApi.delete, { id: '501' }],
    ]);
  });
});
