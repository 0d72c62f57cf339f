import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { pageAnswer } from '../../test/api';
import { classesApi, studentsApi } from '@platform/contract';
import { type FakeRoute, fakeRoute, fakeScreenApi } from '../../test/fakeRoutes';
import { chooseOption, clickButton, rowOf, searchFor } from '../../test/antd';
import { StudentManagement } from './StudentManagement';
import { classOptions, sampleStudent } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/school/students';
const teacherPermissions = [
  'student.add',
  'student.edit',
  'student.reset_password',
  'student.import',
  'student.export',
];
const rows = [
  sampleStudent(),
  sampleStudent({
    id: '502',
    stuNo: 'S2026002',
    username: 'S2026002',
    name: '张华',
    sex: 2,
    phone: null,
    classId: '32',
    className: '人工智能1班',
    enabled: false,
    status: 'deactivated',
  }),
];

function fakeStudents(permissions: string[], ...fakes: FakeRoute[]) {
  return fakeScreenApi(
    permissions,
    ...fakes,
    fakeRoute(classesApi.list, classOptions),
    fakeRoute(studentsApi.page, pageAnswer(rows, 23)),
  );
}
const location = () => screen.getByTestId('location').textContent;

describe('student management', { timeout: 30_000 }, () => {
  it('lists students with class and status, and filters on the server', async () => {
    const api = fakeStudents(teacherPermissions);
    renderView(<StudentManagement />, url);
    const zhang = await waitFor(() => rowOf('张华'));
    expect(within(zhang).getByText('人工智能1班')).toBeTruthy();
    expect(within(zhang).getByText('已停用')).toBeTruthy();
    expect(within(zhang).getByText('女')).toBeTruthy();
    expect(within(rowOf('李明')).getByText('正常')).toBeTruthy();

    await chooseOption(screen.getByLabelText('全部班级'), '旧班级（已归档）');
    await chooseOption(screen.getByLabelText('全部状态'), '正常');
    searchFor('按学号搜索', 'S2026');
    await waitFor(() =>
      expect(api.queries(studentsApi.page).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        classId: '33',
        status: 'normal',
        stuNo: 'S2026',
      }),
    );
  });

  it('a teacher sees add, edit and reset but not enable or new accounts', async () => {
    fakeStudents(teacherPermissions);
    renderView(<StudentManagement />, url);
    const li = await waitFor(() => rowOf('李明'));
    await waitFor(() => expect(within(li).getByText('编辑')).toBeTruthy());
    expect(within(li).getByText('重置密码')).toBeTruthy();
    expect(within(li).queryByRole('switch')).toBeNull();
    expect(screen.queryByText('新建学生账号')).toBeNull();
    expect(screen.getByText('新增学生')).toBeTruthy();
    expect(screen.getByText('导出')).toBeTruthy();
    clickButton('导入');
    expect(await screen.findByText('导入学生')).toBeTruthy();
  });

  it('without permissions only details are offered', async () => {
    fakeStudents([]);
    renderView(<StudentManagement />, url);
    const li = await waitFor(() => rowOf('李明'));
    expect(within(li).getByText('详情')).toBeTruthy();
    expect(within(li).queryByText('编辑')).toBeNull();
    expect(within(li).queryByText('重置密码')).toBeNull();
    expect(screen.queryByText('新增学生')).toBeNull();
    expect(screen.queryByText('导入')).toBeNull();
    expect(screen.queryByText('导出')).toBeNull();
  });

  it('opens the hidden entries of the menu: details, edit, add and new accounts', async () => {
    fakeStudents([...teacherPermissions, 'student.batch_create', 'student.enable']);
    renderView(<StudentManagement />, url);
    const li = await waitFor(() => rowOf('李明'));
    await waitFor(() => expect(within(li).getByRole('switch')).toBeTruthy());
    fireEvent.click(within(li).getByText('详情'));
    await waitFor(() => expect(location()).toBe('/sch_edu/school/students/detail?id=501'));
    fireEvent.click(within(rowOf('李明')).getByText('编辑'));
    await waitFor(() => expect(location()).toBe('/sch_edu/school/students/edit?id=501'));
    clickButton('新增学生');
    await waitFor(() => expect(location()).toBe('/sch_edu/school/students/add'));
    clickButton('新建学生账号');
    await waitFor(() => expect(location()).toBe('/sch_edu/school/students/new-account'));
  });

  it('resets to a random password and shows it once with a copy button', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const api = fakeStudents(
      teacherPermissions,
      fakeRoute(studentsApi.resetPassword, { password: 'Ab3dEf7h' }),
    );
    renderView(<StudentManagement />, url);
    const li = await waitFor(() => rowOf('李明'));
    fireEvent.click(await waitFor(() => within(li).getByText('重置密码')));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('重置密码：李明')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText(/生成随机密码/));
    clickButton('重置', dialog);

    await waitFor(() =>
      expect(within(dialog).getByTestId('new-password').textContent).toBe('Ab3dEf7h'),
    );
    expect(within(dialog).getByText(/关闭后将无法再次查看/)).toBeTruthy();
    expect(api.bodies(studentsApi.resetPassword)[0]).toEqual({ id: '501', mode: 'random' });
    clickButton('复制密码', dialog);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Ab3dEf7h'));
    expect(toastTexts()).toContain('已复制');
    clickButton('关闭', dialog);
    await waitFor(() => expect(screen.queryByText('Ab3dEf7h')).toBeNull());
  });

  it('says why a reset failed', async () => {
    fakeStudents(
      teacherPermissions,
      fakeRoute(studentsApi.resetPassword, () =>
        refusal(404, { message: '学生不存在', errorKey: 'students.not_found' }),
      ),
    );
    renderView(<StudentManagement />, url);
    fireEvent.click(await waitFor(() => within(rowOf('张华')).getByText('重置密码')));
    const dialog = await screen.findByRole('dialog');
    clickButton('重置', dialog);
    await within(dialog).findByText('操作失败：学生不存在');
    expect(within(dialog).queryByTestId('new-password')).toBeNull();
  });
});
