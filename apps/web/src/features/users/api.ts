import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  regionsApi,
  rootRegionId,
  routeRefs,
  usersPaths,
  type ChangePasswordRequest,
  type UserRecordSave,
  type usersApi,
} from '@platform/contract';
import { apiLanguage } from '../../shared/i18n';
import { call } from '../../shared/call';
import { sessionScope } from '../../shared/queryScopes';
import { authKeys } from '../auth/api';

// The declarations of `usersApi` share their contract modules with what the sign-in page's first
// load needs, and would bring zod into it.
const users = routeRefs<typeof usersApi>(usersPaths);

export const userKeys = {
  all: [...sessionScope, 'users'] as const,
};

export function changePasswordMutationOptions() {
  return mutationOptions({
    mutationKey: [...userKeys.all, 'change-password'],
    mutationFn: (body: ChangePasswordRequest) => call(users.changePassword, { body }),
  });
}

/** Regions under a parent of the region dictionary; the root lists the provinces. */
export function regionChildrenQueryOptions(pid: string = rootRegionId) {
  return queryOptions({
    // Names come in the caller's language.
    queryKey: [...userKeys.all, 'regions', pid, apiLanguage()] as const,
    queryFn: ({ signal }) => call(regionsApi.children, { params: { pid } }, { signal }),
    staleTime: 60 * 60_000,
  });
}

/** Saves the caller's own record; the answer is the current user, put in its query at once. */
export function userRecordSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...userKeys.all, 'save-record'],
    mutationFn: (body: UserRecordSave) => call(users.save, { body }),
    onSuccess: async (user, _vars, _result, { client }) => {
      client.setQueryData(authKeys.currentUser(), user);
      await client.invalidateQueries({ queryKey: authKeys.currentUser() });
    },
  });
}
