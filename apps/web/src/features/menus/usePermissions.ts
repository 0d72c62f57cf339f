import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLanguage, defaultLanguage } from '../../shared/i18n';
import type { Session } from '../auth/useSession';
import { menuTreeQueryOptions } from './api';
import { buildMenuRoutes, type MenuRoutes } from './menuRoutes';

export interface Permissions {
  status: 'pending' | 'error' | 'ready';
  menu: MenuRoutes;
  refetch: () => void;
}

/** The permission tree of the session's roles, loaded once (per language) when `enabled`. */
export function usePermissions(session: Session, enabled: boolean): Permissions {
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
