import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  menusPaths,
  routeRefs,
  webClientId,
  type MenuNode,
  type menusApi,
} from '@platform/contract';
import { call } from '../call';
import { sessionScope } from '../queryScopes';

// Asked for on the sign-in page's first load, which does without the declarations (and zod).
const menus = routeRefs<typeof menusApi>(menusPaths);

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
        ? call(
            menus.all,
            { params: { appid: webClientId }, query: { roleIds: joined } },
            { signal },
          )
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
      call(menus.permissions, { params: { appid: webClientId } }, { signal }),
    staleTime: 60_000,
  });
}
