import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  apiRoutes,
  regionsApi,
  rootRegionId,
  type ChangePasswordRequest,
  type RouteOutput,
  type UserRecordSave,
  type usersApi,
} from '@platform/contract';
import { apiLanguage } from '../../shared/i18n';
import { call } from '../../shared/call';
import { request } from '../../shared/request';
import { sessionScope } from '../../shared/queryScopes';
import { authKeys } from '../auth/api';

// The declarations of `usersApi` share their contract module with what the sign-in page's first load
// needs, and would bring zod into it: the paths are the contract's, the answers' types the
// declarations'.

export const personalKeys = {
  all: [...sessionScope, 'personal'] as const,
};

export function changePasswordMutationOptions() {
  return mutationOptions({
    mutationKey: [...personalKeys.all, 'change-password'],
    mutationFn: (body: ChangePasswordRequest) =>
      request<RouteOutput<typeof usersApi.changePassword>>(apiRoutes.changePassword, {
        method: 'PUT',
        json: body,
      }),
  });
}

/** Regions under a parent of the region dictionary; the root lists the provinces. */
export function regionChildrenQueryOptions(pid: string = rootRegionId) {
  return queryOptions({
    // Names come in the caller's language.
    queryKey: [...personalKeys.all, 'regions', pid, apiLanguage()] as const,
    queryFn: ({ signal }) => call(regionsApi.children, { params: { pid } }, { signal }),
    staleTime: 60 * 60_000,
  });
}

/** Saves the caller's own record; the answer is the current user, put in its query at once. */
export function userRecordSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...personalKeys.all, 'save-record'],
    mutationFn: (body: UserRecordSave) =>
      request<RouteOutput<typeof usersApi.save>>(apiRoutes.usersSave, { json: body }),
    onSuccess: async (user, _vars, _result, { client }) => {
      client.setQueryData(authKeys.currentUser(), user);
      await client.invalidateQueries({ queryKey: authKeys.currentUser() });
    },
  });
}
