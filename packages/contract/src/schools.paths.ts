/** A school's detail and own profile: method and path of each route, spread by `schools.api.ts`. */
export const schoolsPaths = {
  detail: { method: 'GET', path: '/api-teaching/college/detail/:id' },
  profile: { method: 'GET', path: '/api-user/school/profile' },
  profileUpdate: { method: 'POST', path: '/api-user/school/profile/update' },
} as const;
