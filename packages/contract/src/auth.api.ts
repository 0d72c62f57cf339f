import { z } from 'zod';
import { tokenRequestSchema, tokenResponseSchema } from './auth';
import { defineRoute } from './route';
import { authPaths } from './auth.paths';

const feature = 'auth';

/** Sign-in and sign-out (OAuth 2). */
export const authApi = {
  token: /* @__PURE__ */ defineRoute({
    ...authPaths.token,
    feature,
    summary:
      'OAuth 2 token endpoint: password and refresh_token grants, client basic authentication',
    description:
      'A successful password grant sets the HttpOnly device cookie `platform_device`; sending it back ' +
      'with later sign-ins of the same account spares them the throttling of unknown devices. ' +
      'A throttled attempt answers HTTP 429 with `auth.throttled` and `Retry-After`.',
    body: tokenRequestSchema,
    response: tokenResponseSchema,
    access: { who: 'public' },
    credentials: 'client',
  }),
  logout: /* @__PURE__ */ defineRoute({
    ...authPaths.logout,
    feature,
    summary: 'Ends the session of the bearer token (access and refresh token)',
    response: /* @__PURE__ */ z.null(),
    access: { who: 'public' },
    credentials: 'optional-bearer',
  }),
} as const;
