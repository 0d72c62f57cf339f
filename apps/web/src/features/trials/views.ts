import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const trialsViews = {
  TrialList: lazy(() => import('./TrialList').then((m) => ({ default: m.TrialList }))),
  SmsOutbox: lazy(() => import('./SmsOutbox').then((m) => ({ default: m.SmsOutbox }))),
};
