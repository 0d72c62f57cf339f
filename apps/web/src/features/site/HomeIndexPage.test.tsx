import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import {
  menusApi,
  schoolsApi,
  usersApi,
  type CurrentUser,
  type MenuNode,
} from '@platform/contract';
import { menuNode, toastTexts, setupTestEnvironment } from '../../test/helpers';
import { fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { setToken } from '../../shared/session';
import { polyfillBrowser } from '../../test/render';
import { publicSiteFakes } from '../../test/publicSite';
import { renderSite } from './testing';

setupTestEnvironment();
polyfillBrowser();

const user: CurrentUser = {
  id: '11',
  userId: '11',
  userName: 'operator01',
  name: null,
  avatar: null,
  birthday: null,
  city: null,
  province: null,
  address: null,
  collegeId: null,
  collegeKind: null,
  collegeName: null,
  contactPhone: null,
  contactName: null,
  email: null,
  kind: null,
  sex: null,
  stuNo: null,
  phone: null,
  language: null,
  enabled: true,
  mustChangePassword: false,
  roles: [{ id: '31', tenantId: 'platform-web', code: 'operator', name: '运营人员' }],
};

const leaf = (id: string, url: string) => menuNode({ id, url, index: id, sort: Number(id) });

function serveHome(tree: MenuNode[], who: CurrentUser = user) {
  return fakeApi(
    fakeRoute(usersApi.current, who),
    fakeRoute(schoolsApi.detail, (call) => ({
      id: call.params.id!,
      name: '演示职业技术学院',
      logo: null,
      url: 'sch_edu',
      clientLogo: null,
      clientTitle: null,
      favicon: null,
      type: null,
    })),
    fakeRoute(menusApi.all, tree),
    ...publicSiteFakes(),
  );
}

const renderHome = () => renderSite('/home/index');

describe('home page header', () => {
  it('offers sign-in when signed out, and no home link on the home page', async () => {
    serveHome([]);
    renderHome();
    expect((await screen.findByRole('link', { name: '登录' })).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: '首页' })).toBeNull();
    expect(screen.queryByText('实验中心')).toBeNull();
  });

  it('links the experimental centre to the first visible menu entry when signed in', async () => {
    setToken('tok');
    serveHome([{ ...leaf('1', 'ops'), hidden: true }, leaf('2', 'workbench')]);
    renderHome();
    const link = await screen.findByRole('link', { name: '实验中心' });
    await vi.waitFor(() => expect(link.getAttribute('href')).toBe('/sch_edu/workbench'));
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();
  });

  it('says 暂无权限 when the permission tree is empty', async () => {
    setToken('tok');
    serveHome([]);
    renderHome();
    const button = await screen.findByRole('button', { name: '实验中心' });
    fireEvent.click(button);
    expect(toastTexts()).toEqual(['暂无权限']);
  });
});

describe('home page variants', () => {
  it('is the main home for visitors and the school home for a school member', async () => {
    serveHome([]);
    const visitor = renderHome();
    expect(
      await screen.findByRole('heading', { level: 1, name: '在真实环境中学习物联网与人工智能' }),
    ).toBeTruthy();
    visitor.unmount();

    setToken('tok');
    serveHome([leaf('2', 'workbench')], { ...user, userName: 'student01', collegeId: '7' });
    renderHome();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: '欢迎来到演示职业技术学院实训教学中心',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: '进入实验中心' }).getAttribute('href')).toBe('/');
  });
});

describe('home page floating toolbar', { timeout: 30_000 }, () => {
  it('scrolls smoothly to the three sections and to the top, and opens the trial dialog on demand', async () => {
    serveHome([]);
    const scrolled: string[] = [];
    const scrollIntoView = vi.fn(function (this: HTMLElement, options?: ScrollIntoViewOptions) {
      scrolled.push(`${this.id}:${options?.behavior}`);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderHome();
    const toolbar = await screen.findByRole('navigation', { name: '快捷导航' });
    for (const name of ['工业互联网', '就业能力', '专业建设'])
      fireEvent.click(within(toolbar).getByRole('button', { name }));
    expect(scrolled).toEqual(['industrial:smooth', 'career:smooth', 'program:smooth']);
    fireEvent.click(within(toolbar).getByRole('button', { name: '回到顶部' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });

    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(within(toolbar).getByRole('button', { name: '申请试用' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(within(dialog).getByText('提交申请')).toBeTruthy();
  });
});
