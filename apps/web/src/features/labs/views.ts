import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const labsViews = {
  EnvIndex: lazy(() => import('./EnvIndex').then((m) => ({ default: m.EnvIndex }))),
  EnvDetail: lazy(() => import('./EnvDetail').then((m) => ({ default: m.EnvDetail }))),
  EnvExperiment: lazy(() => import('./EnvExperiment').then((m) => ({ default: m.EnvExperiment }))),
  EnvTerminal: lazy(() => import('./EnvTerminal').then((m) => ({ default: m.EnvTerminal }))),
  EnvWorkspace: lazy(() => import('./EnvWorkspace').then((m) => ({ default: m.EnvWorkspace }))),
  EnvManual: lazy(() => import('./EnvManual').then((m) => ({ default: m.EnvManual }))),
};
