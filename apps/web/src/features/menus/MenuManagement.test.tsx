import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { menusApi } from '@platform/contract';
import { fakeApi, fakeRoute, fakeScreenApi } from '../../test/fakeRoutes';
import { clickButton, rowOf } from '../../test/antd';
import { menuKeys } from '../../shared/permissions/api';
import { menuDeleteMutationOptions, menuSaveMutationOptions } from './api';
import { MenuManagement } from './MenuManagement';
import { adminNode, sampleTree } from './testing';

setupTestEnvironment();
polyfillBrowser();

function screenApi(permissions: string[], onDelete: () => Response | null = () => null) {
  return fakeScreenApi(
    permissions,
    fakeRoute(menusApi.adminTree, sampleTree()),
    fakeRoute(menusApi.delete, onDelete),
  );
}

describe('menu management', { timeout: 30_000 }, () => {
  it('shows every entry as a tree: url, type, permission key, sort, hidden and link type', async () => {
    screenApi(['menu.edit']);
    renderView(<MenuManagement />);
    await screen.findByText('删除班级');
    const page = rowOf('班级管理');
    expect(page.textContent).toContain('path:school/classes,component:ClassManagement');
    expect(page.textContent).toContain('菜单');
    expect(page.textContent).toContain('站内');
    const button = rowOf('删除班级');
    expect(button.textContent).toContain('按钮');
    expect(button.textContent).toContain('class.delete');
    expect(button.textContent).not.toContain('新增下级');
    expect(rowOf('我的信息').textContent).toContain('是');
    expect(screen.getByText('新增顶级菜单')).toBeTruthy();
  });

  it('hides the editing actions without the menu.edit permission', async () => {
    screenApi([]);
    renderView(<MenuManagement />);
    await screen.findByText('删除班级');
    expect(screen.queryByText('新增顶级菜单')).toBeNull();
    expect(screen.queryAllByText('编辑')).toEqual([]);
    expect(screen.queryAllByText('删除')).toEqual([]);
  });

  it('shows the refusal to delete an entry that has children', async () => {
    const api = screenApi(['menu.edit'], () =>
      refusal(409, {
        message: 'has children',
        errorKey: 'menus.has_children',
      }),
    );
    renderView(<MenuManagement />);
    await screen.findByText('删除班级');
    clickButton('删除', rowOf('班级管理'));
    const confirm = await waitFor(() => {
      const pop = document.querySelector<HTMLElement>('.ant-popover:not(.ant-popover-hidden)');
      if (!pop) throw new Error('no confirmation');
      return pop;
    });
    expect(confirm.textContent).toContain('确定删除“班级管理”吗？');
    clickButton('删除', confirm);
    await waitFor(() => expect(toastTexts()).toContain('该菜单下还有子菜单或按钮，请先删除它们'));
    expect(api.sent.filter((c) => c.method === 'POST').map((c) => [c.route, c.params])).toEqual([
      [menusApi.delete, { id: '11' }],
    ]);
    expect(screen.getByText('班级管理')).toBeTruthy();
  });

  it('opens the editor for a child of a page', async () => {
    screenApi(['menu.edit']);
    renderView(<MenuManagement />);
    await screen.findByText('删除班级');
    clickButton('新增下级', rowOf('班级管理'));
    expect(await screen.findByText('新增下级：班级管理')).toBeTruthy();
    fireEvent.click(screen.getByText('取消'));
    await waitFor(() => expect(screen.queryByText('新增下级：班级管理')).toBeNull());
  });
});

describe('after a change of menus', () => {
  it('reloads the menu tree and permissions the app builds its routes from', async () => {
    fakeApi(
      fakeRoute(menusApi.save, adminNode({ id: '3', name: '新菜单' })),
      fakeRoute(menusApi.delete, null),
    );
    for (const [options, variables] of [
      [menuSaveMutationOptions(), { appId: 'platform-web' }],
      [menuDeleteMutationOptions(), '11'],
    ] as const) {
      const client = new QueryClient();
      const tree = [...menuKeys.tree('1', 'zh-CN')];
      const permissions = [...menuKeys.all, 'permissions', 'platform-web'];
      client.setQueryData(tree, []);
      client.setQueryData(permissions, []);
      await client
        .getMutationCache()
        .build(client, options as ReturnType<typeof menuSaveMutationOptions>)
        .execute(variables as never);
      expect(client.getQueryState(tree)?.isInvalidated).toBe(true);
      expect(client.getQueryState(permissions)?.isInvalidated).toBe(true);
    }
  });
});
