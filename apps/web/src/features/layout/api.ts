import { queryOptions } from '@tanstack/react-query';
import { apiRoutes, webClientId, type ClientConfig } from '@platform/contract';
import { request } from '../../shared/request';
import { publicScope } from '../../shared/queryScopes';

export const siteKeys = {
  all: [...publicScope, 'site'] as const,
  clientConfig: (clientCode: string) => [...siteKeys.all, 'client-config', clientCode] as const,
};

/** Site configuration of this application; the first item is used (favicon, title, AI chat). */
export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: siteKeys.clientConfig(webClientId),
    queryFn: async ({ signal }): Promise<ClientConfig | null> => {
      const list = await request<ClientConfig[]>(apiRoutes.clientConfigList, {
        query: { clientCode: webClientId },
        signal,
        auth: false,
        quiet: true,
      });
      return list?.[0] ?? null;
    },
    staleTime: 30 * 60_000,
  });
}
