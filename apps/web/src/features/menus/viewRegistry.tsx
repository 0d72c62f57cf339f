import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ViewUnavailable } from '../errors/ViewUnavailable';

/**
 * Menu views by name. A leaf's view name comes from its url (`path:X,component:Y`), else its
 * customFields `component`, else its path (see menuRoutes.ts). Unknown names get a friendly
 * "not available yet" screen.
 */
const views: Record<string, LazyExoticComponent<ComponentType>> = {
  workbench: lazy(() => import('../landing/Landing').then((m) => ({ default: m.Landing }))),
  'personal/info': lazy(() =>
    import('../personal/PersonalInfo').then((m) => ({ default: m.PersonalInfo })),
  ),
  PersonalPassword: lazy(() =>
    import('../personal/PersonalPassword').then((m) => ({ default: m.PersonalPassword })),
  ),
};

export function hasView(name: string | null): boolean {
  return Boolean(name && Object.prototype.hasOwnProperty.call(views, name.replace(/^\/+/, '')));
}

export function viewFor(name: string | null): ComponentType {
  const key = name?.replace(/^\/+/, '') ?? '';
  return (hasView(key) ? views[key] : undefined) ?? ViewUnavailable;
}
