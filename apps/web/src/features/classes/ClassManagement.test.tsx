import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, jsonResponse, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { mockApi, page, permissionsPath, type ApiCall } from '../../test/api';
import { clickButton, rowOf } from '../../test/antd';
import { ClassManagement } from './ClassManagement';
import { sampleClass, sampleMajors } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/school/classes';
const pagePath = '/api-user/classes/page';
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

function api(permissions: string[], answer: (call: ApiCall) => unknown = () => null) {
  return mockApi((call) => {
    if (call.path === permissionsPath) return permissions;
    if (call.path === '/api-user/org/major/list') return sampleMajors;
    if (call.path === pagePath) {
      const archived = call.query.get('archived') === 'true';
      const records = archived
        ? [sampleClass({ id: '503', name: '旧班级', archived: true })]
        : rows;
      return page(records, archived ? 1 : 12, Number(call.query.get('pageNum')));
    }
    return answer(call);
  });
}
const pageQueries = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === pagePath).map((c) => Object.fromEntries(c.query));

describe('class management', { timeout: 30_000 }, () => {
  it('shows the server page with majors and counts, and every action for a manager', async () => {
    const calls = api(managerPermissions);
    renderView(<ClassManagement />, url);
    const first = await waitFor(() => rowOf('大数据 2023 班'));
    expect(within(first).getByText('大数据技术')).toBeTruthy();
    expect(within(first).getByText('使用中')).toBeTruthy();
    await waitFor(() => expect(within(first).getByText('删除')).toBeTruthy());
    expect(within(first).getByText('编辑')).toBeTruthy();
    expect(within(first).getByText('归档')).toBeTruthy();
    expect(screen.getByText('新增班级')).toBeTruthy();
    expect(screen.getByText('共 12 条')).toBeTruthy();
    expect(pageQueries(calls)[0]).toEqual({ pageNum: '1', pageSize: '10' });
  });

  it('hides delete and archive from a teacher', async () => {
    api(teacherPermissions);
    renderView(<ClassManagement />, url);
    const row = await waitFor(() => rowOf('大数据 2023 班'));
    await waitFor(() => expect(within(row).getByText('编辑')).toBeTruthy());
    expect(within(row).queryByText('删除')).toBeNull();
    expect(within(row).queryByText('归档')).toBeNull();
    expect(screen.getByText('新增班级')).toBeTruthy();
  });

  it('sends the filters to the server and lists archived classes read-only', async () => {
    const calls = api(managerPermissions);
    renderView(<ClassManagement />, url);
    await waitFor(() => rowOf('大数据 2023 班'));
    const search = screen.getByLabelText('搜索班级名称');
    fireEvent.change(search, { target: { value: ' 物联网 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(pageQueries(calls).at(-1)).toMatchObject({ name: '物联网' }));
    fireEvent.click(screen.getByText('已归档的班级'));
    const old = await waitFor(() => rowOf('旧班级'));
    expect(pageQueries(calls).at(-1)).toEqual({
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
    const calls = api(managerPermissions, (call) =>
      call.path === '/api-user/classes/delete/501'
        ? jsonResponse(
            envelope(null, 9000, {
              message: '该班级下存在学生，无法删除',
              errorKey: 'classes.has_students',
            }),
            409,
          )
        : null,
    );
    renderView(<ClassManagement />, url);
    const row = await waitFor(() => rowOf('物联网 2024-1 班'));
    await waitFor(() => expect(within(row).getByText('删除')).toBeTruthy());
    fireEvent.click(within(row).getByText('删除'));
    await screen.findByText('确定删除班级“物联网 2024-1 班”吗？');
    clickButton('确定');
    await waitFor(() => expect(toastTexts()).toContain('该班级下存在学生，无法删除'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api-user/classes/delete/501',
    ]);
  });
});
