import { queryOptions } from '@tanstack/react-query';
import { announcementsPaths, routeRefs, type announcementsApi } from '@platform/contract';
import { call } from '../../shared/call';
import { publicScope } from '../../shared/queryScopes';

// Asked for on the sign-in page's first load, which does without the declarations (and zod).
const announcements = routeRefs<typeof announcementsApi>(announcementsPaths);

export const announcementKeys = {
  all: [...publicScope, 'announcement'] as const,
  current: () => [...announcementKeys.all, 'current'] as const,
};

export function announcementQueryOptions() {
  return queryOptions({
    queryKey: announcementKeys.current(),
    queryFn: ({ signal }) => call(announcements.get, {}, { signal, auth: false, quiet: true }),
    staleTime: 10 * 60_000,
  });
}
