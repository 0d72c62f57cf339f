import { queryOptions } from '@tanstack/react-query';
import {
  routeRefs,
  siteConfigPaths,
  webClientId,
  type ClientConfig,
  type siteConfigApi,
} from '@platform/contract';
import { call } from '../../shared/call';
import { publicScope } from '../../shared/queryScopes';

// Asked for on the sign-in page's first load, which does without the declarations (and zod).
const siteConfig = routeRefs<typeof siteConfigApi>(siteConfigPaths);

export const siteKeys = {
  all: [...publicScope, 'site'] as const,
  clientConfig: (clientCode: string) => [...siteKeys.all, 'client-config', clientCode] as const,
};

/** Site configuration of this application; the first item is used (favicon, title, AI chat). */
export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: siteKeys.clientConfig(webClientId),
    queryFn: async ({ signal }): Promise<ClientConfig | null> => {
      const list = await call(
        siteConfig.list,
        { query: { clientCode: webClientId } },
        { signal, auth: false, quiet: true },
      );
      return list?.[0] ?? null;
    },
    staleTime: 30 * 60_000,
  });
}
