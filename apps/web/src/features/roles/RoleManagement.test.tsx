import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { menusApi, rolesApi, type RoleGrant, type RoleListItem } from '@platform/contract';
import { fakeApi, fakeRoute, fakeScreenApi, type FakeAnswer } from '../../test/fakeRoutes';
import { clickButton, rowOf } from '../../test/antd';
import { QueryClient } from '@tanstack/react-query';
import { menuKeys } from '../../shared/permissions/api';
import { roleGrantMutationOptions } from './api';
import { RoleManagement } from './RoleManagement';
import { sampleTree } from '../menus/testing';

setupTestEnvironment();
polyfillBrowser();

const roles: RoleListItem[] = [
  { id: '7', code: 'school-manager', name: '学校管理员', userCount: 3 },
  { id: '8', code: 'student', name: '学生', userCount: 120 },
];

/** The entries granted to each role. */
const grants: Record<string, string[]> = { '7': ['1', '11', '111', '112'], '8': ['2', '21'] };

function screenApi(permissions: string[], grant: FakeAnswer<typeof rolesApi.grant> = []) {
  return fakeScreenApi(
    permissions,
    fakeRoute(menusApi.adminTree, sampleTree()),
    fakeRoute(rolesApi.list, roles),
    fakeRoute(rolesApi.menus, (call) => grants[call.params.id!]!),
    fakeRoute(rolesApi.grant, grant),
  );
}

const checkbox = (title: string) =>
  screen
    .getByText(title)
    .closest('.ant-tree-treenode')!
    .querySelector<HTMLElement>('.ant-tree-checkbox')!;
const isChecked = (title: string) =>
  checkbox(title).classList.contains('ant-tree-checkbox-checked');

async function openRole(name: string) {
  fireEvent.click(rowOf(name));
  await screen.findByText(`${name} 的菜单与按钮权限`);
  await screen.findByText('删除班级');
}

describe('role management', { timeout: 30_000 }, () => {
  it('lists the roles and checks the entries granted to the chosen one', async () => {
    screenApi(['role.grant']);
    renderView(<RoleManagement />);
    await screen.findByText('学校管理员');
    expect(rowOf('学生').textContent).toContain('120');
    expect(screen.getByText('请在左侧选择一个角色')).toBeTruthy();
    await openRole('学校管理员');
    expect(isChecked('班级管理')).toBe(true);
    expect(isChecked('删除班级')).toBe(true);
    expect(isChecked('个人中心')).toBe(false);
    expect(screen.getByText('class.delete')).toBeTruthy();
    await openRole('学生');
    expect(isChecked('我的信息')).toBe(true);
    expect(isChecked('班级管理')).toBe(false);
  });

  it('saves the checked entries: unchecking a button, checking a page with its parent', async () => {
    const api = screenApi(['role.grant'], (call) => (call.body as RoleGrant).menuIds);
    renderView(<RoleManagement />);
    await screen.findByText('学生');
    await openRole('学生');
    fireEvent.click(checkbox('新增班级'));
    expect(isChecked('新增班级')).toBe(true);
    expect(isChecked('班级管理')).toBe(true);
    expect(isChecked('学校管理')).toBe(true);
    expect(isChecked('删除班级')).toBe(false);
    expect(screen.getByText('有未保存的修改')).toBeTruthy();
    fireEvent.click(checkbox('个人中心'));
    expect(isChecked('我的信息')).toBe(false);
    clickButton('保存权限');
    await waitFor(() => expect(toastTexts()).toContain('权限已保存'));
    expect(api.sent.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { roleId: '8', menuIds: ['1', '11', '111'] },
    ]);
  });

  it('shows a refused grant and keeps the changes', async () => {
    screenApi(['role.grant'], () =>
      refusal(409, { message: 'refused', errorKey: 'menus.self_lockout' }),
    );
    renderView(<RoleManagement />);
    await screen.findByText('学校管理员');
    await openRole('学校管理员');
    fireEvent.click(checkbox('删除班级'));
    clickButton('保存权限');
    await waitFor(() =>
      expect(toastTexts()).toContain('此操作会使您失去菜单管理或角色权限的访问权限，已拒绝'),
    );
    expect(isChecked('删除班级')).toBe(false);
    clickButton('还原');
    expect(isChecked('删除班级')).toBe(true);
  });

  it('is read-only without the role.grant permission', async () => {
    const api = screenApi([]);
    renderView(<RoleManagement />);
    await screen.findByText('学校管理员');
    await openRole('学校管理员');
    expect(screen.queryByText('保存权限')).toBeNull();
    fireEvent.click(checkbox('删除班级'));
    expect(isChecked('删除班级')).toBe(true);
    expect(api.sent.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('after a change of grants', () => {
  it('reloads the menu tree and permissions the app builds its routes from', async () => {
    fakeApi(fakeRoute(rolesApi.grant, []));
    const client = new QueryClient();
    const tree = [...menuKeys.tree('1', 'zh-CN')];
    const permissions = [...menuKeys.all, 'permissions', 'platform-web'];
    client.setQueryData(tree, []);
    client.setQueryData(permissions, []);
    await client
      .getMutationCache()
      .build(client, roleGrantMutationOptions())
      .execute({ roleId: '1', menuIds: [] });
    expect(client.getQueryState(tree)?.isInvalidated).toBe(true);
    expect(client.getQueryState(permissions)?.isInvalidated).toBe(true);
  });
});
