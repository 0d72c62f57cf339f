import { useMemo } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@platform/contract';
import { isLanguage, defaultLanguage } from '../i18n';
import { menuTreeQueryOptions } from './api';
import { buildMenuRoutes, type MenuRoutes } from './menuRoutes';

/** What the permission tree needs of the signed-in session (`useSession` of the auth feature). */
export interface PermissionsSession {
  token: string | null;
  user: Pick<UseQueryResult<CurrentUser>, 'data' | 'isError'>;
  roleIds: readonly string[];
}

export interface Permissions {
  status: 'pending' | 'error' | 'ready';
  menu: MenuRoutes;
  refetch: () => void;
}

/** The permission tree of the session's roles, loaded once (per language) when `enabled`. */
export function usePermissions(session: PermissionsSession, enabled: boolean): Permissions {
  const { i18n } = useTranslation();
  const language =
    i18n.resolvedLanguage && isLanguage(i18n.resolvedLanguage)
      ? i18n.resolvedLanguage
      : defaultLanguage;
  const tree = useQuery({
    ...menuTreeQueryOptions(session.roleIds, language),
    enabled:
      enabled &&
      Boolean(session.token && session.user.data && !session.user.data.mustChangePassword),
  });
  const menu = useMemo(() => buildMenuRoutes(tree.data ?? []), [tree.data]);
  const status = session.user.isError || tree.isError ? 'error' : tree.data ? 'ready' : 'pending';
  const { refetch } = tree;
  return { status, menu, refetch: () => void refetch() };
}
