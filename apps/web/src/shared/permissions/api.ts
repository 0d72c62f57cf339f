import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRoutes, pathOf, webClientId, type MenuNode } from '@platform/contract';
import { request } from '../request';
import { sessionScope } from '../queryScopes';

export const menuKeys = {
  all: [...sessionScope, 'menus'] as const,
  /** Names come in the caller's language, so the language is part of the key. */
  tree: (roleIds: string, language: string) =>
    [...menuKeys.all, 'tree', webClientId, roleIds, language] as const,
};

/**
 * The permission tree of the user's roles for this application. Without matching roles there
 * is no call: the permissions are empty (spec §6).
 */
export function menuTreeQueryOptions(roleIds: readonly string[], language: string) {
  const joined = roleIds.join(',');
  return queryOptions({
    queryKey: menuKeys.tree(joined, language),
    queryFn: ({ signal }): Promise<MenuNode[]> =>
      joined
        ? request<MenuNode[]>(pathOf(apiRoutes.menusAll, { appid: webClientId }), {
            query: { roleIds: joined },
            signal,
          })
        : Promise.resolve([]),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

/** Button-level permission keys of the user's roles for this application. */
export function permissionKeysQueryOptions() {
  return queryOptions({
    queryKey: [...menuKeys.all, 'permissions', webClientId] as const,
    queryFn: ({ signal }): Promise<string[]> =>
      request<string[]>(pathOf(apiRoutes.menusPermissions, { appid: webClientId }), { signal }),
    staleTime: 60_000,
  });
}
