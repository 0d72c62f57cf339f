import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { schoolsApi, type SchoolProfileUpdate } from '@platform/contract';
import { fakeRoute, fakeScreenApi } from '../../test/fakeRoutes';
import { clickButton, errorOf, field } from '../../test/antd';
import { changeLanguage } from '../../shared/i18n';
import { SchoolProfile } from './SchoolProfile';
import { sampleProfile } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/school/profile';

describe('school profile', { timeout: 30_000 }, () => {
  it('shows type, region, balances in yuan and counts', async () => {
    fakeScreenApi([], fakeRoute(schoolsApi.profile, sampleProfile()));
    renderView(<SchoolProfile />, url);
    expect(await screen.findByText('北方职业技术学院')).toBeTruthy();
    expect(screen.getByText('高职院校')).toBeTruthy();
    expect(screen.getByText('北京市 / 市辖区')).toBeTruthy();
    expect(screen.getByText('12,345.67 元')).toBeTruthy();
    expect(screen.getByText('2,345.67 元')).toBeTruthy();
    expect(screen.getByText('北京市海淀区学院路 1 号')).toBeTruthy();
    expect(screen.getByText('400')).toBeTruthy();
    // No edit without school.profile.edit.
    expect(screen.queryByText('编辑')).toBeNull();
  });

  it('reads in English too', async () => {
    await changeLanguage('en-US');
    fakeScreenApi([], fakeRoute(schoolsApi.profile, sampleProfile({ giftBalance: 5 })));
    renderView(<SchoolProfile />, url);
    expect(await screen.findByText('Gift balance')).toBeTruthy();
    expect(screen.getByText('¥0.05')).toBeTruthy();
  });

  it('says a school without a student limit has none, in both languages', async () => {
    fakeScreenApi([], fakeRoute(schoolsApi.profile, sampleProfile({ maxStudents: 0 })));
    const zh = renderView(<SchoolProfile />, url);
    expect(await screen.findByText('北方职业技术学院')).toBeTruthy();
    expect(screen.getByText('不限')).toBeTruthy();
    zh.unmount();
    await changeLanguage('en-US');
    renderView(<SchoolProfile />, url);
    expect(await screen.findByText('No limit')).toBeTruthy();
  });

  it('edits intro and address with the contract rules', async () => {
    const api = fakeScreenApi(
      ['school.profile.edit'],
      fakeRoute(schoolsApi.profile, sampleProfile()),
      fakeRoute(schoolsApi.profileUpdate, (call) =>
        sampleProfile(call.body as SchoolProfileUpdate),
      ),
    );
    renderView(<SchoolProfile />, url);
    await screen.findByText('北方职业技术学院');
    await waitFor(() => expect(screen.getByText('编辑')).toBeTruthy());
    fireEvent.click(screen.getByText('编辑'));
    fireEvent.change(field('学校地址'), { target: { value: '北京' } });
    fireEvent.change(field('学校简介'), { target: { value: '新的简介 ' } });
    clickButton('保存');
    await waitFor(() => expect(errorOf('学校地址')).toBe('学校地址为 3 到 50 个字符'));
    expect(errorOf('学校简介')).toBe('首尾不能有空格');
    fireEvent.change(field('学校地址'), { target: { value: '北京市昌平区 2 号' } });
    fireEvent.change(field('学校简介'), { target: { value: '新的简介' } });
    clickButton('保存');
    await waitFor(() => expect(toastTexts()).toContain('保存成功'));
    expect(api.sent.filter((c) => c.method === 'POST').map((c) => [c.route, c.body])).toEqual([
      [schoolsApi.profileUpdate, { intro: '新的简介', address: '北京市昌平区 2 号' }],
    ]);
    await waitFor(() => expect(screen.getByText('北京市昌平区 2 号')).toBeTruthy());
  });
});
