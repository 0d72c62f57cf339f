import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  apiRoutes,
  pathOf,
  rolesApi,
  webClientId,
  type MenuSave,
  type RoleGrant,
  type RouteOutput,
  type menusApi,
} from '@platform/contract';
import { call } from '../../shared/call';
import { request } from '../../shared/request';
import { sessionScope } from '../../shared/queryScopes';
import { menuKeys } from '../../shared/permissions/api';

// The declarations of `menusApi` share their contract module with what the sign-in page's first load
// needs, and would bring zod into it: the paths are the contract's, the answers' types the
// declarations'.

/** Menu tree and role grants, administered by platform staff (management spec §2, §6). */
export const systemKeys = {
  all: [...sessionScope, 'system'] as const,
  menuTree: (appId: string) => [...systemKeys.all, 'menu-tree', appId] as const,
  roles: () => [...systemKeys.all, 'roles'] as const,
  roleMenus: (roleId: string) => [...systemKeys.all, 'role-menus', roleId] as const,
};

export function menuAdminTreeQueryOptions(appId: string = webClientId) {
  return queryOptions({
    queryKey: systemKeys.menuTree(appId),
    queryFn: ({ signal }) =>
      request<RouteOutput<typeof menusApi.adminTree>>(
        pathOf(apiRoutes.menusAdminTree, { appid: appId }),
        { signal },
      ),
  });
}

export function rolesQueryOptions() {
  return queryOptions({
    queryKey: systemKeys.roles(),
    queryFn: ({ signal }) => call(rolesApi.list, {}, { signal }),
  });
}

export function roleMenusQueryOptions(roleId: string) {
  return queryOptions({
    queryKey: systemKeys.roleMenus(roleId),
    queryFn: ({ signal }) => call(rolesApi.menus, { params: { id: roleId } }, { signal }),
  });
}

/**
 * Menus and grants decide the signed-in user's own routes and buttons too: after a change the
 * app reloads its menu tree and permissions (and so rebuilds its routes).
 */
async function refreshAfterChange(client: QueryClient) {
  await Promise.all([
    client.invalidateQueries({ queryKey: systemKeys.all }),
    client.invalidateQueries({ queryKey: menuKeys.all }),
  ]);
}

export function menuSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...systemKeys.all, 'menu-save'],
    mutationFn: (body: MenuSave) =>
      request<RouteOutput<typeof menusApi.save>>(apiRoutes.menusSave, { json: body }),
    onSuccess: (_data, _vars, _result, { client }) => refreshAfterChange(client),
  });
}

export function menuDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...systemKeys.all, 'menu-delete'],
    mutationFn: (id: string) =>
      request<RouteOutput<typeof menusApi.delete>>(pathOf(apiRoutes.menusDelete, { id }), {
        method: 'POST',
      }),
    onSuccess: (_data, _vars, _result, { client }) => refreshAfterChange(client),
  });
}

export function roleGrantMutationOptions() {
  return mutationOptions({
    mutationKey: [...systemKeys.all, 'role-grant'],
    mutationFn: (body: RoleGrant) => call(rolesApi.grant, { body }),
    onSuccess: (_data, _vars, _result, { client }) => refreshAfterChange(client),
  });
}
