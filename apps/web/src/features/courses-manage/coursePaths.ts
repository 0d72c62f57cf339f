import { useLocation } from 'react-router';
import { useAreaNavigate } from '../../shared/areaNavigation';
import { splitAreaPath } from '../../shared/permissions/menuRoutes';

/**
 * The course pages of a list live under the list's own path, whichever menu it is in (the
 * teacher's course centre or the school's course list): `<list>/add`, `<list>/edit?id=`,
 * `<list>/detail?id=` and `<list>/config?id=`.
 */
const pageNames = ['add', 'edit', 'detail', 'config'] as const;
type CoursePage = (typeof pageNames)[number];

/** The path of the list the current course page belongs to. */
export function listPathOf(child: string): string {
  const parts = child.split('/');
  const last = parts.at(-1) ?? '';
  return (pageNames as readonly string[]).includes(last) ? parts.slice(0, -1).join('/') : child;
}

/** The list path of the current page and moving to the list or one of its course pages. */
export function useCoursePaths() {
  const { child } = splitAreaPath(useLocation().pathname);
  const go = useAreaNavigate();
  const list = listPathOf(child);
  return {
    list,
    toList: () => go(list),
    to: (page: CoursePage, id?: string) => go(`${list}/${page}`, id ? `?id=${id}` : ''),
  };
}
