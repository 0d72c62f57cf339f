import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { idSchema } from '@platform/contract';
import { areaPath, splitAreaPath } from './permissions/menuRoutes';

/** Navigation to a path of the signed-in area, keeping the current school prefix. */
export function useAreaNavigate() {
  const navigate = useNavigate();
  const { prefix } = splitAreaPath(useLocation().pathname);
  return (path: string, search = '') => void navigate(`${areaPath(prefix, path)}${search}`);
}

/** Back to where the user came from, or to `fallback` when the page was opened directly. */
export function useBack(fallback: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const go = useAreaNavigate();
  return () => (location.key === 'default' ? go(fallback) : void navigate(-1));
}

/** The record id of the page (`?id=`), or null when absent or malformed. */
export function useIdParam(): string | null {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id && idSchema.safeParse(id).success ? id : null;
}
