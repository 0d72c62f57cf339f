import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { menusApi, schoolsApi, usersApi, type AnyRoute } from '@platform/contract';
import { menuNode, setupTestEnvironment, stubAntdBrowserApis } from '../test/helpers';
import { fakeApi, fakeRoute, paramsOf, type FakeRoute } from '../test/fakeRoutes';
import { publicSiteFakes } from '../test/publicSite';
import { AppRoutes } from './AppRoutes';
import { setToken } from '../shared/session';

setupTestEnvironment();

const scrollTo = vi.fn();
beforeEach(() => {
  scrollTo.mockReset();
  window.scrollTo = scrollTo;
});

vi.mock('../features/layout/MainLayout', () => ({
  MainLayout: () => {
    const location = useLocation();
    return <p data-testid="area">{location.pathname}</p>;
  },
}));

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const student = {
  id: '11',
  userId: '11',
  userName: 'student01',
  name: '张三',
  avatar: null,
  birthday: null,
  city: null,
  province: null,
  address: null,
  collegeId: '5',
  collegeKind: null,
  collegeName: '示范学校',
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
  roles: [
    { id: '21', tenantId: 'platform-web', code: 'student', name: '学生' },
    { id: '99', tenantId: 'other-app', code: 'x', name: 'x' },
  ],
};

const tree = [menuNode({ id: '1', name: '工作台', url: 'workbench', index: '1', sort: 1 })];

/** The API of the signed-in area and the public site, with these fakes first. */
function serveApp(...fakes: FakeRoute[]) {
  return fakeApi(...fakes, ...publicSiteFakes());
}

/** Whether any call went to one of these routes. */
const calledAny = (api: ReturnType<typeof serveApp>, routes: readonly AnyRoute[]) =>
  api.sent.some((c) => routes.some((route) => paramsOf(route, c)));

describe('routes and guard together', () => {
  it('sends a signed-out visitor from / to the home page', async () => {
    serveApp();
    renderAt('/');
    expect(await screen.findByRole('link', { name: '登录' })).toBeTruthy();
  });

  it('scrolls to the top on every navigation', async () => {
    serveApp();
    renderAt('/home/index');
    const signIn = await screen.findByRole('link', { name: '登录' });
    const before = scrollTo.mock.calls.length;
    expect(before).toBeGreaterThan(0);
    fireEvent.click(signIn);
    expect(await screen.findByLabelText('用户名')).toBeTruthy();
    expect(scrollTo.mock.calls.length).toBeGreaterThan(before);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0 });
  });

  it('sends a signed-out visitor from the area to sign-in', async () => {
    serveApp();
    renderAt('/sch_edu/workbench');
    expect(await screen.findByLabelText('用户名')).toBeTruthy();
  });

  it('loads the user, the school and the permissions of the app roles, then opens the area', async () => {
    setToken('tok');
    const api = serveApp(
      fakeRoute(usersApi.current, student),
      fakeRoute(schoolsApi.detail, (call) => ({
        id: call.params.id!,
        name: '示范学校',
        logo: null,
        url: 'sch_demo',
        clientLogo: null,
        clientTitle: null,
        favicon: null,
        type: null,
      })),
      fakeRoute(menusApi.all, tree),
    );
    renderAt('/');
    expect((await screen.findByTestId('area')).textContent).toBe('/sch_demo');
    expect(api.calls(schoolsApi.detail).map((c) => c.params)).toEqual([{ id: '5' }]);
    const menuCalls = api.calls(menusApi.all);
    expect(menuCalls.map((c) => c.params)).toEqual([{ appid: 'platform-web' }]);
    expect(api.queries(menusApi.all)).toEqual([{ roleIds: '21' }]);
  });

  it('sends an unknown child of the area to the 404 page', async () => {
    setToken('tok');
    serveApp(
      fakeRoute(usersApi.current, { ...student, collegeId: null }),
      fakeRoute(menusApi.all, tree),
    );
    renderAt('/sch_edu/no-such-page');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
  });

  it('opens the public site’s pages to visitors and answers unknown ones as not found', async () => {
    for (const [path, heading] of [
      ['/home/device', '实验组件'],
      ['/home/noticelist', '公告中心'],
      ['/home/AITools', 'AI 工具'],
      ['/industrial-internet', '工业互联网'],
    ] as const) {
      serveApp();
      const view = renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      view.unmount();
    }
    for (const path of ['/home/nothing-here', '/industrial-internet/nothing-here']) {
      serveApp();
      const view = renderAt(path);
      expect(await screen.findByText('页面不存在')).toBeTruthy();
      view.unmount();
    }
  });

  it('does not ask for permissions without roles of this app', async () => {
    setToken('tok');
    const api = serveApp(
      fakeRoute(usersApi.current, { ...student, collegeId: null, roles: [student.roles[1]!] }),
    );
    renderAt('/sch_edu/workbench');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(calledAny(api, Object.values(menusApi))).toBe(false);
  });

  it('holds a user who must change the password in a dialog that does not close, loading nothing else', async () => {
    stubAntdBrowserApis();
    setToken('tok');
    const api = serveApp(fakeRoute(usersApi.current, { ...student, mustChangePassword: true }));
    renderAt('/sch_edu/workbench');
    const dialog = await screen.findByRole('dialog', { name: '修改密码' }, { timeout: 5_000 });
    expect(dialog.textContent).toContain('首次登录');
    expect(screen.getByLabelText(/原密码/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /close|关闭/i })).toBeNull();
    expect(screen.queryByRole('button', { name: '取消' })).toBeNull();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: '修改密码' })).toBeTruthy();
    expect(screen.queryByTestId('area')).toBeNull();
    expect(calledAny(api, [...Object.values(menusApi), schoolsApi.detail])).toBe(false);
  }, 20_000);
});
