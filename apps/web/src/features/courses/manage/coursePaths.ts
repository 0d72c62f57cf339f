import { useListPages } from '../../../shared/areaNavigation';

/**
 * The course pages of a list live under the list's own path, whichever menu it is in (the
 * teacher's course centre or the school's course list): `<list>/add`, `<list>/edit?id=`,
 * `<list>/detail?id=` and `<list>/config?id=`.
 */
const pageNames = ['add', 'edit', 'detail', 'config'] as const;

/** The list path of the current page and moving to the list or one of its course pages. */
export function useCoursePaths() {
  return useListPages(pageNames);
}
