import { lazy } from 'react';

/** The footer's settings page, loaded on first use. */
export const footerViews = {
  FooterSettings: lazy(() =>
    import('./FooterSettings').then((m) => ({ default: m.FooterSettings })),
  ),
};
