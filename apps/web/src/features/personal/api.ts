import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  apiRoutes,
  pathOf,
  rootRegionId,
  type ChangePasswordRequest,
  type CurrentUser,
  type Region,
  type UserRecordSave,
} from '@platform/contract';
import { apiLanguage } from '../../shared/i18n';
import { request } from '../../shared/request';
import { sessionScope } from '../../shared/queryScopes';
import { authKeys } from '../auth/api';

export const personalKeys = {
  all: [...sessionScope, 'personal'] as const,
};

export function changePasswordMutationOptions() {
  return mutationOptions({
    mutationKey: [...personalKeys.all, 'change-password'],
    mutationFn: (body: ChangePasswordRequest) =>
      request<unknown>(apiRoutes.changePassword, { method: 'PUT', json: body }),
  });
}

/** Regions under a parent of the region dictionary; the root lists the provinces. */
export function regionChildrenQueryOptions(pid: string = rootRegionId) {
  return queryOptions({
    // Names come in the caller's language.
    queryKey: [...personalKeys.all, 'regions', pid, apiLanguage()] as const,
    queryFn: ({ signal }) =>
      request<Region[]>(pathOf(apiRoutes.regionChildren, { pid }), { signal }),
    staleTime: 60 * 60_000,
  });
}

/** Saves the caller's own record; the answer is the current user, put in its query at once. */
export function userRecordSaveMutationOptions() {
  return mutationOptions({
    mutationKey: [...personalKeys.all, 'save-record'],
    mutationFn: (body: UserRecordSave) => request<CurrentUser>(apiRoutes.usersSave, { json: body }),
    onSuccess: async (user, _vars, _result, { client }) => {
      client.setQueryData(authKeys.currentUser(), user);
      await client.invalidateQueries({ queryKey: authKeys.currentUser() });
    },
  });
}
