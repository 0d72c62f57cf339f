import { mutationOptions } from '@tanstack/react-query';
import { apiRoutes, type ChangePasswordRequest } from '@platform/contract';
import { request } from '../../shared/request';
import { sessionScope } from '../../shared/queryScopes';

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
