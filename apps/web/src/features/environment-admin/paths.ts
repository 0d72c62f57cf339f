import { useLocation, useNavigate } from 'react-router';
import { areaPath, splitAreaPath } from '../../shared/permissions/menuRoutes';

/** Menu paths of the environment admin views (under the school prefix). */
export const envAdminPaths = {
  configs: 'environment-admin/configs',
  detail: 'environment-admin/detail',
} as const;

/** Navigation to a path of the signed-in area, keeping the current school prefix. */
export function useAreaNavigate() {
  const navigate = useNavigate();
  const { prefix } = splitAreaPath(useLocation().pathname);
  return (path: string, search = '') => navigate(`${areaPath(prefix, path)}${search}`);
}
