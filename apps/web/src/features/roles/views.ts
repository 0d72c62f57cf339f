import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const rolesViews = {
  RoleManagement: lazy(() =>
    import('./RoleManagement').then((m) => ({ default: m.RoleManagement })),
  ),
};
