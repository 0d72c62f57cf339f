import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { footerPaths, routeRefs, type FooterSave, type footerApi } from '@platform/contract';
import { call, uploadRoute } from '../../shared/call';
import { invalidates, sessionScope } from '../../shared/queryScopes';
import { footerKeys } from './api';

const footer = routeRefs<typeof footerApi>(footerPaths);

/** The footer's settings, for operators. */
export const footerAdminKeys = {
  all: [...sessionScope, 'footer'] as const,
  detail: () => [...footerAdminKeys.all, 'detail'] as const,
};

export const footerSettingsQueryOptions = () =>
  queryOptions({
    queryKey: footerAdminKeys.detail(),
    queryFn: ({ signal }) => call(footer.detail, {}, { signal }),
  });

export const footerSaveMutationOptions = () =>
  mutationOptions({
    mutationKey: [...footerAdminKeys.all, 'save'],
    mutationFn: (body: FooterSave) => call(footer.save, { body }, { quiet: true }),
    onSuccess: invalidates({ queryKey: footerAdminKeys.all }, { queryKey: footerKeys.all }),
  });

export function uploadFooterQr(file: File) {
  return uploadRoute(footer.qrUpload, { file });
}
