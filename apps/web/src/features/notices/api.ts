import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  noticesPaths,
  routeRefs,
  type Notice,
  type NoticeType,
  type noticesApi,
} from '@platform/contract';
import { call } from '../../shared/call';
import { sessionScope } from '../../shared/queryScopes';

// The header calls these on every page of the signed-in area: no declarations (and no zod).
const notices = routeRefs<typeof noticesApi>(noticesPaths);

export const noticeKeys = {
  all: [...sessionScope, 'notices'] as const,
  unread: () => [...noticeKeys.all, 'unread'] as const,
};

/** The unread notices are asked again this often, and when the window gets the focus back. */
export const noticePollMs = 60_000;

/** The notices the header lists: the unread ones, newest first. */
export const noticeListSize = 20;

export function unreadNoticesQueryOptions() {
  return queryOptions({
    queryKey: noticeKeys.unread(),
    queryFn: ({ signal }) =>
      call(
        notices.list,
        { query: { status: 'unread', pageNum: 1, pageSize: noticeListSize } },
        { signal, quiet: true },
      ),
    staleTime: 0,
    refetchInterval: noticePollMs,
    refetchOnWindowFocus: true,
  });
}

type NoticeList = { data: Notice[]; unread: number };

/** A notice becomes read once the server confirms it (platform spec §4). */
export function readNoticeMutationOptions(client: QueryClient) {
  return mutationOptions({
    mutationKey: [...noticeKeys.all, 'read'],
    mutationFn: (id: string) => call(notices.read, { params: { id } }, { quiet: true }),
    onSuccess: (_data, id) => {
      client.setQueryData<NoticeList>(noticeKeys.unread(), (list) =>
        list && list.data.some((n) => n.id === id)
          ? {
              ...list,
              data: list.data.filter((n) => n.id !== id),
              unread: Math.max(0, list.unread - 1),
            }
          : list,
      );
      void client.invalidateQueries({ queryKey: noticeKeys.all });
    },
  });
}

export function clearNoticesMutationOptions(client: QueryClient) {
  return mutationOptions({
    mutationKey: [...noticeKeys.all, 'clear'],
    mutationFn: () => call(notices.clear),
    onSuccess: () => {
      client.setQueryData<NoticeList>(noticeKeys.unread(), (list) =>
        list ? { ...list, data: [], unread: 0 } : list,
      );
    },
  });
}

/**
 * Where a notice leads, with the student task as `?id=`: the task for a task issued, more time
 * or scores issued; the report for a report returned. (The task pages' menu paths.)
 */
export const noticeTargets: Record<NoticeType, string> = {
  task_issued: 'task/info',
  time_extended: 'task/info',
  scores_issued: 'task/info',
  report_returned: 'report/reportInfo',
  sms_cap_minute: 'operation/trials',
  sms_cap_day: 'operation/trials',
};
