import type { ComponentType } from 'react';
import { features } from '../features';
import { ViewUnavailable } from '../features/errors/ViewUnavailable';

/**
 * Menu views by name, from every feature's `views.ts`. A leaf's view name comes from its url
 * (`path:X,component:Y`), else its customFields `component`, else its path (see shared/permissions/menuRoutes.ts).
 * Unknown names get a friendly "not available yet" screen.
 */
const views: Record<string, ComponentType> = Object.assign(
  {},
  ...Object.values(features).map((feature) => feature.views),
);

export function hasView(name: string | null): boolean {
  return Boolean(name && Object.prototype.hasOwnProperty.call(views, name.replace(/^\/+/, '')));
}

export function viewFor(name: string | null): ComponentType {
  const key = name?.replace(/^\/+/, '') ?? '';
  return (hasView(key) ? views[key] : undefined) ?? ViewUnavailable;
}
