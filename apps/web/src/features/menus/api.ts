import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  menusPaths,
  routeRefs,
  webClientId,
  type MenuSave,
  type menusApi,
} from '@platform/contract';
import { call } from '../../shared/call';
import { sessionScope } from '../../shared/queryScopes';
import { menuKeys } from '../../shared/permissions/api';

// The declarations of `menusApi` share their contract modules with what the sign-in page's first
// load needs, and would bring zod into it.
const menus = routeRefs<typeof menusApi>(menusPaths);

/** The menu tree, administered by platform staff (management spec §2, §6). */
export const menuAdminKeys = {
  all: [...sessionScope, 'menus'] as const,
  tree: (appId: string) => [...menuAdminKeys.all, 'tree', appId] as const,
};

export function menuAdminTreeQueryOptions(appId: string = webClientId) {
  return queryOptions({
    queryKey: menuAdminKeys.tree(appId),
    queryFn: ({ signal }) => call(menus.adminTree, { params: { appid: appId } }, { signal }),
  });
}

/**
 * Menus and grants decide the signed-in user's own routes and buttons too: after a change the
 * app reloads its menu tree and permissions (and so rebuilds its routes).
 */
async function refreshAfterChange(client: QueryClient) {
  await Promise.all([
    client.invalidateQueries({ queryKey: menuAdminKeys.all }),
    client.invalidateQueries({ queryKey: menuKeys.all }),
  ]);
}

export function menuSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...menuAdminKeys.all, 'save'],
    mutationFn: (body: MenuSave) => call(menus.save, { body }),
    onSuccess: (_data, _vars, _result, { client }) => refreshAfterChange(client),
  });
}

export function menuDeleteMutationOptions() {
  return mutationOptions({
    mutationKey: [...menuAdminKeys.all, 'delete'],
    mutationFn: (id: string) => call(menus.delete, { params: { id } }),
    onSuccess: (_data, _vars, _result, { client }) => refreshAfterChange(client),
  });
}
