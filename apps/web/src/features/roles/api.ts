import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { rolesApi, type RoleGrant } from '@platform/contract';
import { call } from '../../shared/call';
import { sessionScope } from '../../shared/queryScopes';
import { menuKeys } from '../../shared/permissions/api';
import { menuAdminKeys } from '../menus/api';

/** Roles and their grants of menus and buttons, administered by platform staff (management spec §6). */
export const roleKeys = {
  all: [...sessionScope, 'roles'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  /** A role's grants are entries of the menu tree: a change of the menus refreshes them too. */
  menus: (roleId: string) => [...menuAdminKeys.all, 'grants', roleId] as const,
};

export function rolesQueryOptions() {
  return queryOptions({
    queryKey: roleKeys.list(),
    queryFn: ({ signal }) => call(rolesApi.list, {}, { signal }),
  });
}

export function roleMenusQueryOptions(roleId: string) {
  return queryOptions({
    queryKey: roleKeys.menus(roleId),
    queryFn: ({ signal }) => call(rolesApi.menus, { params: { id: roleId } }, { signal }),
  });
}

/** A role's grants decide the signed-in user's own routes and buttons too: the app reloads them. */
async function refreshAfterGrant(client: QueryClient) {
  await Promise.all([
    client.invalidateQueries({ queryKey: roleKeys.all }),
    client.invalidateQueries({ queryKey: [...menuAdminKeys.all, 'grants'] }),
    client.invalidateQueries({ queryKey: menuKeys.all }),
  ]);
}

export function roleGrantMutationOptions() {
  return mutationOptions({
    mutationKey: [...roleKeys.all, 'grant'],
    mutationFn: (body: RoleGrant) => call(rolesApi.grant, { body }),
    onSuccess: (_data, _vars, _result, { client }) => refreshAfterGrant(client),
  });
}
