/**
 * The trial application's public routes: method and path of each, spread by `trials.api.ts`. The
 * home site's trial dialog calls them through `routeRefs`.
 */
export const trialsPaths = {
  sendCode: { method: 'POST', path: '/openapi/api-operation/probation/apply/send/code' },
  apply: { method: 'POST', path: '/openapi/api-operation/probation/apply/add' },
} as const;
