/** The system announcement: method and path of its route, spread by `announcements.api.ts`. */
export const announcementsPaths = {
  get: { method: 'GET', path: '/openapi/api-operation/system/announcement' },
  detail: { method: 'GET', path: '/api-operation/system/announcement/detail' },
  save: { method: 'POST', path: '/api-operation/system/announcement/save' },
} as const;
