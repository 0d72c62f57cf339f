import { useLocation, useNavigate } from 'react-router';
import type { StudentCourseInfo } from '@platform/contract';
import { areaPath, splitAreaPath } from '../../../shared/permissions/menuRoutes';

/** The students' course pages in the school's area, as the menu seed names them. */
export const coursePages = {
  hall: 'course/index',
  myStudy: 'course/my-study',
  selfCulture: 'course/self-culture',
  info: 'course/info',
  study: 'course/study',
} as const;
export type CoursePage = keyof typeof coursePages;

/** The address of a course page in the current school's area, with the `?id=` of its course or step. */
export function useCourseHref() {
  const { prefix } = splitAreaPath(useLocation().pathname);
  return (page: CoursePage, id?: string) =>
    `${areaPath(prefix, coursePages[page])}${id ? `?id=${encodeURIComponent(id)}` : ''}`;
}

/** Opens a course page (see `useCourseHref`). */
export function useCourseNavigate() {
  const navigate = useNavigate();
  const href = useCourseHref();
  return (page: CoursePage, id?: string) => void navigate(href(page, id));
}

/** Where to go on: the first step not done yet, else the first step; null for an empty course. */
export function firstUnfinishedStep(info: Pick<StudentCourseInfo, 'chapters'>): string | null {
  const steps = info.chapters.flatMap((c) => c.steps);
  return (steps.find((s) => !s.completed) ?? steps[0])?.id ?? null;
}
