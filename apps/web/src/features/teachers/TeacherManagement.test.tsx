import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { teachersApi, type Teacher } from '@platform/contract';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { pageAnswer } from '../../test/api';
import { fakeRoute, fakeScreenApi, type FakeRoute } from '../../test/fakeRoutes';
import { chooseOption, clickButton, field, labelErrorOf, rowOf, searchFor } from '../../test/antd';
import { TeacherManagement } from './TeacherManagement';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/school/teachers';
const allPermissions = ['teacher.add', 'teacher.edit', 'teacher.enable', 'teacher.delete'];

function sampleTeacher(partial: Partial<Teacher> = {}): Teacher {
  return {
    id: '201',
    username: '13800000001',
    name: '王老师',
    sex: 1,
    phone: '13800000001',
    role: 'teacher',
    enabled: true,
    status: 'normal',
    createdAt: '2026-01-02T03:04:05.000Z',
    ...partial,
  };
}

const rows = [
  sampleTeacher(),
  sampleTeacher({
    id: '202',
    name: '赵主任',
    sex: 2,
    phone: '13800000002',
    username: '13800000002',
    role: 'school-manager',
    enabled: false,
    status: 'deactivated',
  }),
];

function screenApi(permissions: string[], ...fakes: FakeRoute[]) {
  return fakeScreenApi(permissions, fakeRoute(teachersApi.page, pageAnswer(rows, 12)), ...fakes);
}

type Api = ReturnType<typeof screenApi>;
const pageQueries = (api: Api) => api.queries(teachersApi.page);
const writes = (api: Api) =>
  api.sent.filter((c) => c.method !== 'GET').map((c) => [c.route, c.params]);

describe('teacher management', { timeout: 30_000 }, () => {
  it('shows the server page with role, gender and status', async () => {
    const api = screenApi(allPermissions);
    renderView(<TeacherManagement />, url);
    const zhao = await waitFor(() => rowOf('赵主任'));
    expect(within(zhao).getByText('学校管理员')).toBeTruthy();
    expect(within(zhao).getByText('女')).toBeTruthy();
    expect(within(zhao).getByText('已停用')).toBeTruthy();
    const wang = rowOf('王老师');
    expect(within(wang).getByText('教师')).toBeTruthy();
    expect(within(wang).getByText('正常')).toBeTruthy();
    expect(screen.getByText('共 12 条')).toBeTruthy();
    expect(pageQueries(api)[0]).toEqual({
      pageNum: '1',
      pageSize: '10',
    });
  });

  it('hides the actions the user lacks the permission for', async () => {
    screenApi([]);
    renderView(<TeacherManagement />, url);
    const wang = await waitFor(() => rowOf('王老师'));
    expect(screen.queryByText('新增教师')).toBeNull();
    expect(within(wang).queryByText('编辑')).toBeNull();
    expect(within(wang).queryByText('删除')).toBeNull();
    expect(within(wang).queryByRole('switch')).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
  });

  it('shows each action with its own permission', async () => {
    screenApi(['teacher.enable']);
    renderView(<TeacherManagement />, url);
    const wang = await waitFor(() => rowOf('王老师'));
    await waitFor(() => expect(within(wang).getByRole('switch')).toBeTruthy());
    expect(within(wang).queryByText('编辑')).toBeNull();
    expect(screen.queryByText('新增教师')).toBeNull();
  });

  it('sends filters and paging to the server', async () => {
    const api = screenApi(allPermissions);
    renderView(<TeacherManagement />, url);
    await waitFor(() => rowOf('王老师'));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(pageQueries(api).at(-1)?.pageNum).toBe('2'));
    await chooseOption(screen.getByLabelText('全部角色'), '学校管理员');
    await chooseOption(screen.getByLabelText('全部状态'), '已过期');
    searchFor('按手机号搜索', ' 1380 ');
    await waitFor(() =>
      expect(pageQueries(api).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        role: 'school-manager',
        status: 'expired',
        phone: '1380',
      }),
    );
  });

  it('disables a teacher after confirming', async () => {
    const api = screenApi(
      allPermissions,
      fakeRoute(teachersApi.enable, { ...rows[0]!, enabled: false, status: 'deactivated' }),
    );
    renderView(<TeacherManagement />, url);
    const wang = await waitFor(() => rowOf('王老师'));
    fireEvent.click(await waitFor(() => within(wang).getByRole('switch')));
    await screen.findByText('确定停用账号「王老师」吗？停用后该账号将立即退出登录，且无法登录。');
    expect(writes(api)).toEqual([]);
    clickButton('确定');
    await waitFor(() => expect(toastTexts()).toContain('已停用账号'));
    expect(api.bodies(teachersApi.enable)[0]).toEqual({
      id: '201',
      enabled: false,
    });
  });

  it("shows the server's refusal in the delete dialog", async () => {
    const api = screenApi(
      allPermissions,
      fakeRoute(teachersApi.delete, () =>
        refusal(409, {
          message: '该教师有未归档的教学任务，无法删除',
          errorKey: 'teachers.has_tasks',
        }),
      ),
    );
    renderView(<TeacherManagement />, url);
    fireEvent.click(within(await waitFor(() => rowOf('王老师'))).getByText('删除'));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('确定删除教师「王老师」吗？删除后该账号无法登录。'),
    ).toBeTruthy();
    clickButton('删除', dialog);
    await within(dialog).findByText('删除失败：该教师有未归档的教学任务，无法删除');
    expect(writes(api)).toEqual([[teachersApi.delete, { id: '201' }]]);
    expect(toastTexts()).toEqual([]);
  });

  it('validates a new teacher with the contract and puts server errors on the inputs', async () => {
    const api = screenApi(
      allPermissions,
      fakeRoute(teachersApi.save, () =>
        refusal(400, {
          message: '该手机号已被其他账号用作登录名',
          errorKey: 'teachers.phone_taken',
          fields: { phone: 'invalid_value' },
        }),
      ),
    );
    renderView(<TeacherManagement />, url);
    await waitFor(() => rowOf('王老师'));
    clickButton('新增教师');
    const dialog = await screen.findByRole('dialog');
    clickButton('保存', dialog);
    await waitFor(() => expect(labelErrorOf('姓名')).toBe('此项为必填项'));
    expect(labelErrorOf('性别')).toBe('此项为必填项');
    expect(labelErrorOf('手机号')).toBe('此项为必填项');

    fireEvent.change(field('姓名'), { target: { value: '钱老师' } });
    fireEvent.change(field('手机号'), { target: { value: '1380000' } });
    fireEvent.change(field('密码'), { target: { value: 'a b' } });
    fireEvent.click(within(dialog).getByLabelText('女'));
    clickButton('保存', dialog);
    await waitFor(() => expect(labelErrorOf('手机号')).toBe('格式不正确'));
    expect(labelErrorOf('密码')).toBe('长度过短');
    expect(writes(api)).toEqual([]);

    fireEvent.change(field('手机号'), { target: { value: '13900001111' } });
    fireEvent.change(field('密码'), { target: { value: '' } });
    clickButton('保存', dialog);
    await waitFor(() => expect(labelErrorOf('手机号')).toBe('该手机号已被其他账号用作登录名'));
    expect(toastTexts()).toEqual(['添加失败：该手机号已被其他账号用作登录名']);
    expect(api.sent.find((c) => c.method === 'POST')?.body).toEqual({
      name: '钱老师',
      sex: 2,
      role: 'teacher',
      phone: '13900001111',
      password: '',
    });
  });
});
