import { useListPages } from '../../../shared/areaNavigation';

/**
 * The task pages live under the task list's own path, whichever menu it is in (the teacher's
 * `teaching/tasks` or the school's `school/tasks`): `<list>/add`, `<list>/edit?id=`,
 * `<list>/detail?id=` and `<list>/review?id=` (the id of a student's task).
 */
const pageNames = ['add', 'edit', 'detail', 'review'] as const;

/** The list path of the current page and moving to the list or one of its task pages. */
export function useTaskPaths() {
  return useListPages(pageNames);
}
