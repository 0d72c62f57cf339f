/** The white list: method and path of its route, spread by `whitelist.api.ts`. */
export const whitelistPaths = {
  check: { method: 'GET', path: '/api-teaching/student/tasks/do/heartbeat/is/whitelist' },
} as const;
