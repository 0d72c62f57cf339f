import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { idSchema } from '@platform/contract';
import { areaPath, splitAreaPath } from './permissions/menuRoutes';

/** Navigation to a path of the signed-in area, keeping the current school prefix. */
export function useAreaNavigate() {
  const navigate = useNavigate();
  const { prefix } = splitAreaPath(useLocation().pathname);
  return (path: string, search = '', options?: { replace?: boolean }) =>
    void navigate(`${areaPath(prefix, path)}${search}`, options);
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

/**
 * The path of the list a page belongs to: the pages of a list (`add`, `detail` ...) sit under
 * the list's own path, whichever menu the list is in.
 */
export function listPathOf(child: string, pageNames: readonly string[]): string {
  const parts = child.split('/');
  const last = parts.at(-1) ?? '';
  return pageNames.includes(last) ? parts.slice(0, -1).join('/') : child;
}

/**
 * The list path of the current page (see `listPathOf`), and moving to the list or to one of its
 * pages, with the record's id as `?id=` (in place of the current page with `replace`).
 */
export function useListPages<P extends string>(pageNames: readonly P[]) {
  const { child } = splitAreaPath(useLocation().pathname);
  const go = useAreaNavigate();
  const list = listPathOf(child, pageNames);
  return {
    list,
    toList: () => go(list),
    to: (page: P, id?: string, options?: { replace?: boolean }) =>
      go(`${list}/${page}`, id ? `?id=${id}` : '', options),
  };
}
