import { queryOptions } from '@tanstack/react-query';
import { apiRoutes, type RouteOutput, type announcementsApi } from '@platform/contract';
import { request } from '../../shared/request';
import { publicScope } from '../../shared/queryScopes';

// Asked for on the sign-in page's first load, which does without the declarations (and zod):
// the path is the contract's, the answer's type the declaration's.
type Answer = RouteOutput<typeof announcementsApi.get>;

export const announcementKeys = {
  all: [...publicScope, 'announcement'] as const,
  current: () => [...announcementKeys.all, 'current'] as const,
};

export function announcementQueryOptions() {
  return queryOptions({
    queryKey: announcementKeys.current(),
    queryFn: ({ signal }) =>
      request<Answer>(apiRoutes.announcement, { signal, auth: false, quiet: true }),
    staleTime: 10 * 60_000,
  });
}
