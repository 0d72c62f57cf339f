/** Menu paths of the environment admin views (under the school prefix). */
export const envAdminPaths = {
  configs: 'environment-admin/configs',
  detail: 'environment-admin/detail',
} as const;
