import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const usersViews = {
  'personal/info': lazy(() => import('./PersonalInfo').then((m) => ({ default: m.PersonalInfo }))),
  PersonalPassword: lazy(() =>
    import('./PersonalPassword').then((m) => ({ default: m.PersonalPassword })),
  ),
};
