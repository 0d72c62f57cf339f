import { queryOptions } from '@tanstack/react-query';
import {
  apiRoutes,
  webClientId,
  type ClientConfig,
  type RouteOutput,
  type siteConfigApi,
} from '@platform/contract';
import { request } from '../../shared/request';
import { publicScope } from '../../shared/queryScopes';

// Asked for on the sign-in page's first load, which does without the declarations (and zod):
// the path is the contract's, the answer's type the declaration's.
type Answer = RouteOutput<typeof siteConfigApi.list>;

export const siteKeys = {
  all: [...publicScope, 'site'] as const,
  clientConfig: (clientCode: string) => [...siteKeys.all, 'client-config', clientCode] as const,
};

/** Site configuration of this application; the first item is used (favicon, title, AI chat). */
export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: siteKeys.clientConfig(webClientId),
    queryFn: async ({ signal }): Promise<ClientConfig | null> => {
      const list = await request<Answer>(apiRoutes.clientConfigList, {
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
