import { queryOptions } from '@tanstack/react-query';
import { apiRoutes, type Announcement } from '@platform/contract';
import { request } from '../../shared/request';
import { publicScope } from '../../shared/queryScopes';

export const announcementKeys = {
  all: [...publicScope, 'announcement'] as const,
  current: () => [...announcementKeys.all, 'current'] as const,
};

export function announcementQueryOptions() {
  return queryOptions({
    queryKey: announcementKeys.current(),
    queryFn: ({ signal }) =>
      request<Announcement | null>(apiRoutes.announcement, { signal, auth: false, quiet: true }),
    staleTime: 10 * 60_000,
  });
}
