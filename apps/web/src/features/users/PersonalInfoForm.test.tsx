import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { regionsApi, usersApi, type CurrentUser, type Region } from '@platform/contract';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { fakeApi, fakeRoute, type FakeAnswer } from '../../test/fakeRoutes';
import { chooseOption, clickButton, errorOf, field, pickDate, typeInto } from '../../test/antd';
import { dateOf } from '../../shared/dates';
import { PersonalInfo } from './PersonalInfo';
import { PersonalInfoForm } from './PersonalInfoForm';

setupTestEnvironment();
polyfillBrowser();

const me: CurrentUser = {
  id: '42',
  userId: '42',
  userName: 'liming',
  name: '李明',
  avatar: null,
  birthday: '2001-09-01',
  city: '110100',
  province: '110000',
  address: null,
  collegeId: '9',
  collegeKind: 2,
  collegeName: '测试职业学院',
  contactPhone: null,
  contactName: null,
  email: null,
  kind: 1,
  sex: 1,
  stuNo: 'S2024001',
  phone: '13900000000',
  language: 'zh-CN',
  enabled: true,
  mustChangePassword: false,
  roles: [{ id: '5', tenantId: 'platform-web', code: 'student', name: '学生' }],
};

const regions: Record<string, Region[]> = {
  '100000': [
    { id: '110000', pid: '100000', name: '北京市', hasChildren: true },
    { id: '320000', pid: '100000', name: '江苏省', hasChildren: true },
  ],
  '110000': [{ id: '110100', pid: '110000', name: '北京城区', hasChildren: false }],
  '320000': [
    { id: '320100', pid: '320000', name: '南京市', hasChildren: false },
    { id: '320500', pid: '320000', name: '苏州市', hasChildren: false },
  ],
};

/** The regions under each region. */
const regionFake = fakeRoute(regionsApi.children, (call) => regions[call.params.pid!] ?? []);

function serveMe(
  save: FakeAnswer<typeof usersApi.save> = (call) => ({
    ...me,
    ...(call.body as Partial<CurrentUser>),
  }),
) {
  return fakeApi(regionFake, fakeRoute(usersApi.current, me), fakeRoute(usersApi.save, save));
}

/** The value shown next to a label of the record. */
function cellOf(label: string): string | null {
  const th = Array.from(document.querySelectorAll('th')).find((el) => el.textContent === label);
  return th?.nextElementSibling?.textContent ?? null;
}
const saves = (api: ReturnType<typeof fakeApi>) => api.sent.filter((c) => c.method === 'POST');

describe('my info form', { timeout: 30_000 }, () => {
  it('validates with the contract rules and sends nothing while invalid', async () => {
    const api = serveMe();
    // A birthday after today cannot be picked; one stored before this rule is refused on save.
    renderView(<PersonalInfoForm user={{ ...me, birthday: '2999-01-01' }} onDone={() => {}} />);
    typeInto('姓名', '李');
    typeInto('地址', 'ab');
    typeInto('联系电话', '12345');
    typeInto('邮箱', 'li@');
    clickButton('保存');
    await waitFor(() => expect(errorOf('姓名')).toBe('长度过短'));
    expect(errorOf('地址')).toBe('长度过短');
    expect(errorOf('联系电话')).toBe('格式不正确');
    expect(errorOf('邮箱')).toBe('格式不正确');
    expect(errorOf('生日')).toBe('取值无效');
    expect(saves(api)).toEqual([]);
  });

  it('takes no birthday after today and saves a day before it', async () => {
    const onDone = vi.fn();
    const api = serveMe();
    renderView(<PersonalInfoForm user={me} onDone={onDone} />);
    pickDate('生日', dateOf(new Date(Date.now() + 2 * 86_400_000).toISOString()));
    clickButton('保存');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(saves(api).map((c) => (c.body as { birthday: string }).birthday)).toEqual([
      '2001-09-01',
    ]);
    pickDate('生日', '2000-02-29');
    clickButton('保存');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(2));
    expect(saves(api).map((c) => (c.body as { birthday: string }).birthday)).toEqual([
      '2001-09-01',
      '2000-02-29',
    ]);
  });

  it('loads the cities of the chosen province and saves the record', async () => {
    const onDone = vi.fn();
    const api = serveMe();
    renderView(<PersonalInfoForm user={me} onDone={onDone} />);
    await waitFor(() =>
      expect(api.calls(regionsApi.children).some((c) => c.params.pid === '110000')).toBe(true),
    );
    expect(api.calls(regionsApi.children).some((c) => c.params.pid === '100000')).toBe(true);
    await chooseOption(field('省份'), '江苏省');
    await chooseOption(field('城市'), '苏州市');
    typeInto('地址', '干将路 1 号');
    typeInto('联系人', '王芳');
    typeInto('联系电话', '13800000001');
    typeInto('邮箱', 'li@example.edu');
    fireEvent.click(screen.getByLabelText('女'));
    clickButton('保存');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(saves(api).map((c) => [c.route, c.body])).toEqual([
      [
        usersApi.save,
        {
          id: '42',
          name: '李明',
          sex: 2,
          birthday: '2001-09-01',
          province: '320000',
          city: '320500',
          address: '干将路 1 号',
          contactName: '王芳',
          contactPhone: '13800000001',
          email: 'li@example.edu',
        },
      ],
    ]);
    expect(toastTexts()).toContain('保存成功');
  });

  it('clears the city when the province changes', async () => {
    const api = serveMe();
    renderView(<PersonalInfoForm user={me} onDone={() => {}} />);
    await chooseOption(field('省份'), '江苏省');
    clickButton('保存');
    await waitFor(() => expect(saves(api)).toHaveLength(1));
    expect(saves(api)[0]!.body).toMatchObject({ province: '320000', city: '' });
  });

  it('puts server field errors on the inputs', async () => {
    serveMe(() =>
      refusal(400, {
        message: '省份或城市无效',
        errorKey: 'users.region_invalid',
        fields: { city: 'invalid_value' },
      }),
    );
    renderView(<PersonalInfoForm user={me} onDone={() => {}} />);
    clickButton('保存');
    await waitFor(() => expect(errorOf('城市')).toBe('取值无效'));
  });
});

describe('my info page', { timeout: 30_000 }, () => {
  it('shows the record with names of kinds and regions, edits it and refreshes the user', async () => {
    let current = me;
    const api = fakeApi(
      regionFake,
      fakeRoute(usersApi.current, () => current),
      fakeRoute(usersApi.save, (call) => {
        current = { ...me, ...(call.body as Partial<CurrentUser>), address: '新地址 8 号' };
        return current;
      }),
    );
    renderView(<PersonalInfo />);
    await screen.findByText('S2024001');
    expect(cellOf('用户类型')).toBe('学生');
    expect(cellOf('学校类型')).toBe('高职院校');
    expect(cellOf('学校')).toBe('测试职业学院');
    expect(cellOf('用户名')).toBe('liming');
    await waitFor(() => expect(cellOf('城市')).toBe('北京城区'));
    expect(cellOf('省份')).toBe('北京市');
    clickButton('编辑');
    expect(await screen.findByText('编辑我的信息')).toBeTruthy();
    expect(screen.getByText(/不能在这里修改/)).toBeTruthy();
    typeInto('地址', '新地址 8 号');
    clickButton('保存');
    await screen.findByText('我的信息');
    await screen.findByText('新地址 8 号');
    const gets = api.calls(usersApi.current);
    expect(gets.length).toBeGreaterThanOrEqual(2);
  });
});
