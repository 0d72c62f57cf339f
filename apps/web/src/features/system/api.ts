import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  menusPaths,
  rolesApi,
  routeRefs,
  webClientId,
  type MenuSave,
  type RoleGrant,
  type menusApi,
} from '@platform/contract';
import { call } from '../../shared/call';
import { sessionScope } from '../../shared/queryScopes';
import { menuKeys } from '../../shared/permissions/api';

// The declarations of `menusApi` share their contract modules with what the sign-in page's first
// load needs, and would bring zod into it.
const menus = routeRefs<typeof menusApi>(menusPaths);

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
    queryFn: ({ signal }) => call(menus.adminTree, { params: { appid: appId } }, { signal }),
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
    mutationFn: (body: MenuSave) => call(menus.save, { body }),
    onSuccess: (_data, _vars, _result, { client }) => refreshAfterChange(client),
  });
}

export function menuDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...systemKeys.all, 'menu-delete'],
    mutationFn: (id: string) => call(menus.delete, { params: { id } }),
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
