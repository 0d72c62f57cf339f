/** Notices' routes (platform spec §7), free of schemas: the header's badge calls them. */
export const noticesPaths = {
  list: { method: 'GET', path: '/api-teaching/notifies' },
  clear: { method: 'POST', path: '/api-teaching/clear/notifies' },
  read: { method: 'POST', path: '/api-teaching/read/notifies/:id' },
} as const;
