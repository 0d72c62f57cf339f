import { queryOptions } from '@tanstack/react-query';
import { footerPaths, routeRefs, type footerApi, type Language } from '@platform/contract';
import { call } from '../../shared/call';
import { publicScope } from '../../shared/queryScopes';

// Read by the public site's first load, which does without the declarations (and zod).
const footer = routeRefs<typeof footerApi>(footerPaths);

export const footerKeys = {
  all: [...publicScope, 'footer'] as const,
  site: (lang: Language) => [...footerKeys.all, 'site', lang] as const,
};

/** The footer in the reader's language (the language is part of the key). */
export function footerQuery(lang: Language) {
  return queryOptions({
    queryKey: footerKeys.site(lang),
    queryFn: ({ signal }) => call(footer.get, {}, { signal, auth: false, quiet: true }),
    staleTime: 10 * 60_000,
  });
}
