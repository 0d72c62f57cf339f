import type { RouteOptions } from 'fastify';
import { checksSession } from '../features/auth/auth.plugin';

/** The schemes the API description names: a user's access token, and a client's id and secret. */
export const securitySchemes = {
  bearer: { type: 'http', scheme: 'bearer' },
  client: { type: 'http', scheme: 'basic' },
} as const;

/**
 * Who may call a route, as the API description states it: what the route declares in
 * `schema.security`; else an access token when an onRequest hook checks the session; else anyone.
 */
export function securityOf(route: Pick<RouteOptions, 'schema' | 'onRequest'>) {
  const declared = route.schema?.security;
  if (declared) return declared;
  const hooks = [route.onRequest ?? []].flat();
  return hooks.some(checksSession) ? [{ bearer: [] }] : [];
}
