import { useLocation, useNavigate } from 'react-router';
import { studentTaskTypes, type OwnTaskDetail, type StudentTaskType } from '@platform/contract';
import { areaPath, splitAreaPath } from '../../../shared/permissions/menuRoutes';

/** The students' task pages in the school's area, as the menu seed names them. */
export const taskPages = {
  list: 'task/list',
  info: 'task/info',
  task: 'task/do/task',
  exam: 'task/do/exam',
  reports: 'report/list',
  report: 'report/reportInfo',
} as const;
export type TaskPage = keyof typeof taskPages;

/** Where a task is done: the exam page for an exam, else the task page. */
export function doPageOf(taskType: StudentTaskType): TaskPage {
  return taskType === studentTaskTypes.exam ? 'exam' : 'task';
}

/** The address of a task page with the `?id=` of its student task (and `step=` of a step). */
export function useTaskHref() {
  const { prefix } = splitAreaPath(useLocation().pathname);
  return (page: TaskPage, id?: string, stepId?: string) => {
    const search = new URLSearchParams();
    if (id) search.set('id', id);
    if (stepId) search.set('step', stepId);
    const query = search.toString();
    return `${areaPath(prefix, taskPages[page])}${query ? `?${query}` : ''}`;
  };
}

/** Opens a task page (see `useTaskHref`). */
export function useTaskNavigate() {
  const navigate = useNavigate();
  const href = useTaskHref();
  return (page: TaskPage, id?: string, stepId?: string) => void navigate(href(page, id, stepId));
}

type Chapters = OwnTaskDetail['chapterDTOS'];

/** The task's steps in order. */
export function stepsOf(chapters: Chapters) {
  return chapters.flatMap((c) => c.chapterSteps);
}

/** Where to go on: the first step not done yet, else the first step; null for an empty task. */
export function firstOpenStep(chapters: Chapters): string | null {
  const steps = stepsOf(chapters);
  return (steps.find((s) => !s.completed) ?? steps[0])?.id ?? null;
}

/** The steps before and after `stepId` in the task (not in its course). */
export function neighbours(chapters: Chapters, stepId: string) {
  const steps = stepsOf(chapters);
  const at = steps.findIndex((s) => s.id === stepId);
  return {
    previous: at > 0 ? (steps[at - 1]?.id ?? null) : null,
    next: at >= 0 ? (steps[at + 1]?.id ?? null) : null,
  };
}

/** The chapters as the course outline shows them. */
export function outlineOf(chapters: Chapters) {
  return chapters.map((c) => ({ id: c.id, name: c.name, description: '', steps: c.chapterSteps }));
}
