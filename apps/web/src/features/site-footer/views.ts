import { lazy } from 'react';

/** The footer's settings page, loaded on first use. */
export const siteFooterViews = {
  FooterSettings: lazy(() =>
    import('./FooterSettings').then((m) => ({ default: m.FooterSettings })),
  ),
};
