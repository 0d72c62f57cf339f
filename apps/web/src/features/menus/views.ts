import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const menusViews = {
  MenuManagement: lazy(() =>
    import('./MenuManagement').then((m) => ({ default: m.MenuManagement })),
  ),
};
