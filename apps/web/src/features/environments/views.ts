import { lazy } from 'react';

/** The menu views of this feature by view name; each page loads on first use. */
export const environmentsViews = {
  EnvConfigList: lazy(() => import('./EnvConfigList').then((m) => ({ default: m.EnvConfigList }))),
  MyEnvList: lazy(() => import('./EnvConfigList').then((m) => ({ default: m.MyEnvList }))),
  EnvConfigDetail: lazy(() =>
    import('./EnvConfigDetail').then((m) => ({ default: m.EnvConfigDetail })),
  ),
  EnvScriptList: lazy(() => import('./EnvScriptList').then((m) => ({ default: m.EnvScriptList }))),
  AiEnvConfig: lazy(() => import('./AiEnvConfig').then((m) => ({ default: m.AiEnvConfig }))),
};
