import type { RouteOptions } from 'fastify';
import { checksSession } from '../features/auth/auth.plugin';

/** The schemes the API description names: a user's access token, and a client's id and secret. */
export const securitySchemes = {
  bearer: { type: 'http', scheme: 'bearer' },
  client: { type: 'http', scheme: 'basic' },
} as const;

/**
 * Who may call a route, as the API description states it: what the route declares in
 * `schema.security`; else the access its contract declares (`serve()`); else, for a route not yet
 * declared in the contract, an access token when an onRequest hook checks the session.
 */
export function securityOf(route: Pick<RouteOptions, 'schema' | 'onRequest' | 'config'>) {
  const declared = route.schema?.security;
  if (declared) return declared;
  const access = route.config?.access;
  const needsToken = access
    ? access.who !== 'public'
    : [route.onRequest ?? []].flat().some(checksSession);
  return needsToken ? [{ bearer: [] }] : [];
}
