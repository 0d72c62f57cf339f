import { lazy } from 'react';

/**
 * The menu views of money by view name; each page loads on first use (the overview's charts,
 * with ECharts, after their page).
 */
export const billingViews = {
  PackageList: lazy(() => import('./PackageList').then((m) => ({ default: m.PackageList }))),
  PriceList: lazy(() => import('./PriceList').then((m) => ({ default: m.PriceList }))),
  OrderManager: lazy(() => import('./OrderManager').then((m) => ({ default: m.OrderManager }))),
  UsageDetails: lazy(() => import('./UsageDetails').then((m) => ({ default: m.UsageDetails }))),
  AccountList: lazy(() => import('./AccountList').then((m) => ({ default: m.AccountList }))),
  AccountDetail: lazy(() => import('./AccountDetail').then((m) => ({ default: m.AccountDetail }))),
  AccountOverview: lazy(() =>
    import('./AccountOverview').then((m) => ({ default: m.AccountOverview })),
  ),
  OrderList: lazy(() => import('./OrderList').then((m) => ({ default: m.OrderList }))),
};
