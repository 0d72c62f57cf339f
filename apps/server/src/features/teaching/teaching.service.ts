import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { ExamDeadlines } from './teaching.deadlines';
import { TaskManagement } from './teaching.manage';
import { TaskReader, type TeachingLabs } from './teaching.read';
import type { TaskReports } from './teaching.reports';
import * as tasksRepo from './teaching.repo';
import * as studentTasksRepo from './teaching.student-tasks.repo';
import { TaskScoring } from './teaching.scoring';
import { TaskStudy } from './teaching.study';
import { TaskLabs } from './teaching.task-labs';

export type { TeachingLabs };

/**
 * Teaching tasks (decision 0025): keepers issue a course's steps to students, follow them, score,
 * issue scores and archive; students work on their tasks and write reports. Each side is its own
 * service; this one builds them over one reader of tasks.
 */
export class TeachingService {
  readonly tasks: TaskManagement;
  readonly scoring: TaskScoring;
  readonly study: TaskStudy;
  readonly reports: TaskReports;
  readonly labs: TaskLabs;
  readonly deadlines: ExamDeadlines;

  constructor(ctx: AppContext, lab: TeachingLabs) {
    const read = new TaskReader(ctx);
    this.study = new TaskStudy(ctx, read, lab);
    this.reports = this.study.reports;
    this.tasks = new TaskManagement(ctx, read, lab);
    this.scoring = new TaskScoring(ctx, read, this.study, lab);
    this.labs = new TaskLabs(ctx, read, lab);
    this.deadlines = new ExamDeadlines(ctx, read, this.study, lab);
  }
}

export function deleteStudentTasks(
  ...args: Parameters<typeof studentTasksRepo.deleteStudentTasks>
): ReturnType<typeof studentTasksRepo.deleteStudentTasks> {
  return studentTasksRepo.deleteStudentTasks(...args);
}
export { reportFileRoute } from './teaching.reports';

/**
 * What the warm pools prepare for: students without a lab yet of tasks starting within `leadMs`,
 * or started as long ago (latecomers still find their lab ready).
 */
export function scheduledLabDemand(
  db: Db,
  now: Date,
  leadMs: number,
): Promise<Map<string, number>> {
  return tasksRepo.labDemand(
    db,
    new Date(now.getTime() - leadMs),
    new Date(now.getTime() + leadMs),
  );
}
