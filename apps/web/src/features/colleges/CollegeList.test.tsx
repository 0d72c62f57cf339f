import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { page, pageAnswer } from '../../test/api';
import { collegesApi } from '@platform/contract';
import { type FakeRoute, fakeRoute } from '../../test/fakeRoutes';
import { chooseOption, clickButton, errorOf, rowOf, searchFor } from '../../test/antd';
import { stubXhr } from '../../test/xhr';
import { CollegeList } from './CollegeList';
import { allCollegePermissions, fakeCollegesApi, sampleCollege } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/operation/colleges';
const other = sampleCollege({
  id: '302',
  name: '北京理工学院',
  url: 'sch_bit',
  type: 1,
  province: '110000',
  provinceName: '北京市',
  city: null,
  cityName: null,
  enabled: false,
  totalBalance: 0,
  maxStudents: 500,
  studentCount: 12,
});

const collegePage = fakeRoute(collegesApi.page, page([sampleCollege(), other], 2));

function fakeList(...fakes: FakeRoute[]) {
  return fakeCollegesApi(allCollegePermissions, ...fakes, collegePage);
}

function chooseFile(name: string, type: string) {
  const input = document.querySelector<HTMLInputElement>('.ant-modal input[type="file"]')!;
  const file = new File(['data'], name, { type });
  fireEvent.change(input, { target: { files: [file] } });
}

describe('colleges list', { timeout: 30_000 }, () => {
  it('shows the server page with type and region names, yuan and counts', async () => {
    const api = fakeList();
    renderView(<CollegeList />, url);
    expect(await screen.findByText('深圳职业技术大学')).toBeTruthy();
    const first = rowOf('深圳职业技术大学');
    expect(within(first).getByText('高职院校')).toBeTruthy();
    expect(within(first).getByText('广东省 / 深圳市')).toBeTruthy();
    expect(within(first).getByText('1,234.50 元')).toBeTruthy();
    expect(within(first).getByText('30 / 不限')).toBeTruthy();
    const second = rowOf('北京理工学院');
    expect(within(second).getByText('本科院校')).toBeTruthy();
    expect(within(second).getByText('北京市')).toBeTruthy();
    expect(within(second).getByText('12 / 500')).toBeTruthy();
    expect(within(second).getByRole('switch').getAttribute('aria-checked')).toBe('false');
    expect(api.queries(collegesApi.page)[0]).toEqual({
      pageNum: '1',
      pageSize: '10',
    });
  });

  it('sends filters and paging to the server', async () => {
    const api = fakeCollegesApi(
      allCollegePermissions,
      fakeRoute(collegesApi.page, pageAnswer([sampleCollege()], 25)),
    );
    renderView(<CollegeList />, url);
    await screen.findByText('深圳职业技术大学');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(api.queries(collegesApi.page).at(-1)?.pageNum).toBe('2'));

    await chooseOption(screen.getByLabelText('全部类型'), '中职院校');
    await waitFor(() => expect(api.queries(collegesApi.page).at(-1)?.type).toBe('5'));
    // A new filter starts again from the first page.
    expect(api.queries(collegesApi.page).at(-1)?.pageNum).toBe('1');
    await chooseOption(screen.getByLabelText('全部省份'), '广东省');
    await waitFor(() =>
      expect(screen.getByLabelText('全部城市').closest('.ant-select')?.className).not.toContain(
        'disabled',
      ),
    );
    await chooseOption(screen.getByLabelText('全部城市'), '广州市');
    await chooseOption(screen.getByLabelText('全部状态'), '停用');
    searchFor('按学校名称搜索', ' 职业 ');
    await waitFor(() =>
      expect(api.queries(collegesApi.page).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        name: '职业',
        type: '5',
        province: '440000',
        city: '440100',
        enabled: 'false',
      }),
    );
    // Another province starts its cities over.
    await chooseOption(screen.getByLabelText('全部省份'), '北京市');
    await waitFor(() => expect(api.queries(collegesApi.page).at(-1)?.province).toBe('110000'));
    expect(api.calls(collegesApi.page).at(-1)?.query.has('city')).toBe(false);
  });

  it('hides every action the user may not use', async () => {
    fakeCollegesApi([], collegePage);
    renderView(<CollegeList />, url);
    await screen.findByText('深圳职业技术大学');
    await waitFor(() => expect(screen.queryAllByRole('switch')).toHaveLength(0));
    for (const text of ['新增学校', '导入', '编辑', '删除', '账号上限', '管理员']) {
      expect(screen.queryByText(text), text).toBeNull();
    }
    expect(within(rowOf('北京理工学院')).getByText('停用')).toBeTruthy();
  });

  it('enables and deletes through their routes', async () => {
    const api = fakeList(fakeRoute(collegesApi.enable, other), fakeRoute(collegesApi.delete, null));
    renderView(<CollegeList />, url);
    await screen.findByText('深圳职业技术大学');
    fireEvent.click(await within(rowOf('北京理工学院')).findByRole('switch'));
    await waitFor(() => expect(toastTexts()).toContain('已启用“北京理工学院”'));
    expect(api.bodies(collegesApi.enable)[0]).toEqual({
      id: '302',
      enabled: true,
    });

    fireEvent.click(within(rowOf('深圳职业技术大学')).getByText('删除'));
    await screen.findByText('确定删除学校“深圳职业技术大学”吗？删除后该校账号将无法登录。');
    const confirm = document.querySelector('.ant-popconfirm') as HTMLElement;
    clickButton('删除', confirm);
    await waitFor(() => expect(toastTexts()).toContain('删除成功'));
    const removed = api.calls(collegesApi.delete)[0]!;
    expect(removed.method).toBe('POST');
    expect(removed.query.get('id')).toBe('301');
  });

  it('changes the account limit with a form-encoded call, and shows a refusal on the field', async () => {
    // The first limit is refused: it is below the school's students.
    let refused = false;
    const api = fakeList(
      fakeRoute(collegesApi.updateTotalUser, () => {
        if (refused) return sampleCollege({ maxStudents: 40 });
        refused = true;
        return refusal(400, {
          message: '学生账号上限不能小于当前学生数（30）',
          errorKey: 'colleges.below_students',
          fields: { totalUser: 'invalid_value' },
        });
      }),
    );
    renderView(<CollegeList />, url);
    await screen.findByText('深圳职业技术大学');
    fireEvent.click(within(rowOf('深圳职业技术大学')).getByText('账号上限'));
    const input = await screen.findByLabelText(/^\*?学生账号上限$/);
    fireEvent.change(input, { target: { value: '20' } });
    clickButton('保存');
    await waitFor(() =>
      expect(errorOf('学生账号上限')).toBe('学生账号上限不能小于当前学生数（30）'),
    );
    fireEvent.change(input, { target: { value: '40' } });
    clickButton('保存');
    await waitFor(() => expect(toastTexts()).toContain('学生账号上限已修改'));
    const sent = api.calls(collegesApi.updateTotalUser);
    expect(sent.map((c) => c.body)).toEqual([
      { collegeId: '301', totalUser: '20' },
      { collegeId: '301', totalUser: '40' },
    ]);
    expect(sent[0]?.contentType).toContain('application/x-www-form-urlencoded');
  });

  it('lists the administrators of a school and adds one', async () => {
    const api = fakeList(
      fakeRoute(collegesApi.admins, [
        { id: '9', username: '13800000001', name: '王老师', phone: '13800000001', enabled: true },
      ]),
      fakeRoute(collegesApi.addAdmin, {
        id: '10',
        username: '13900000002',
        name: '李老师',
        phone: '13900000002',
        enabled: true,
      }),
    );
    renderView(<CollegeList />, url);
    await screen.findByText('深圳职业技术大学');
    fireEvent.click(within(rowOf('深圳职业技术大学')).getByText('管理员'));
    expect(await screen.findByText('王老师')).toBeTruthy();
    expect(api.calls(collegesApi.admins)[0]?.query.get('collegeId')).toBe('301');

    const dialog = document.querySelector('.ant-modal') as HTMLElement;
    clickButton('添加管理员', dialog);
    await waitFor(() => expect(within(dialog).getAllByText('此项为必填项')).toHaveLength(2));
    fireEvent.change(within(dialog).getByLabelText(/^\*?姓名$/), { target: { value: '李老师' } });
    fireEvent.change(within(dialog).getByLabelText(/^\*?手机号$/), {
      target: { value: '13900000002' },
    });
    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'ab' } });
    clickButton('添加管理员', dialog);
    await waitFor(() => expect(within(dialog).getByText('长度过短')).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: '' } });
    clickButton('添加管理员', dialog);
    await waitFor(() =>
      expect(toastTexts()).toContain('已添加管理员 李老师，登录账号 13900000002'),
    );
    expect(api.bodies(collegesApi.addAdmin)[0]).toEqual({
      collegeId: '301',
      name: '李老师',
      phone: '13900000002',
    });
  });

  it('imports only Excel files and shows the refused rows', async () => {
    fakeList();
    const sent = stubXhr(() => ({
      status: 200,
      body: envelope({
        succeeded: 2,
        failed: 1,
        errors: [
          {
            row: 4,
            field: 'url',
            value: 'szu',
            errorKey: 'colleges.url_taken',
            message: '该学校地址前缀已被使用',
          },
        ],
      }),
    }));
    renderView(<CollegeList />, url);
    await screen.findByText('深圳职业技术大学');
    clickButton('导入');
    await screen.findByText('选择文件并导入');

    chooseFile('schools.pdf', 'application/pdf');
    await waitFor(() => expect(toastTexts()).toContain('仅支持 Excel 文件'));
    expect(sent).toEqual([]);

    chooseFile('schools.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    await screen.findByText('导入结果');
    expect(sent[0]?.url).toBe(collegesApi.import.path);
    expect((sent[0]?.body?.get('file') as File).name).toBe('schools.xlsx');
    const errors = rowOf('该学校地址前缀已被使用');
    expect(within(errors).getByText('学校地址前缀')).toBeTruthy();
    expect(within(errors).getByText('4')).toBeTruthy();
    expect(screen.getAllByText('导入完成：成功 2 条，失败 1 条').length).toBeGreaterThan(0);
  });
});
