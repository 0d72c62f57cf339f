import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const customersViews = {
  CustomerList: lazy(() => import('./CustomerList').then((m) => ({ default: m.CustomerList }))),
  ServiceManagement: lazy(() =>
    import('./ServiceManagement').then((m) => ({ default: m.ServiceManagement })),
  ),
  TimeHistory: lazy(() => import('./TimeHistory').then((m) => ({ default: m.TimeHistory }))),
};
