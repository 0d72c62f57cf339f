import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  announcementsPaths,
  routeRefs,
  type AnnouncementSave,
  type announcementsApi,
} from '@platform/contract';
import { call } from '../../shared/call';
import { invalidates, sessionScope } from '../../shared/queryScopes';
import { announcementKeys } from './api';

const announcements = routeRefs<typeof announcementsApi>(announcementsPaths);

/** The announcement's editor: its read and save, for operators. */
export const announcementAdminKeys = {
  all: [...sessionScope, 'announcement'] as const,
  detail: () => [...announcementAdminKeys.all, 'detail'] as const,
};

export const announcementEditQueryOptions = () =>
  queryOptions({
    queryKey: announcementAdminKeys.detail(),
    queryFn: ({ signal }) => call(announcements.detail, {}, { signal }),
  });

export const announcementSaveMutationOptions = () =>
  mutationOptions({
    mutationKey: [...announcementAdminKeys.all, 'save'],
    mutationFn: (body: AnnouncementSave) => call(announcements.save, { body }, { quiet: true }),
    onSuccess: invalidates(
      { queryKey: announcementAdminKeys.all },
      { queryKey: announcementKeys.all },
    ),
  });
