import type { AppContext } from '../../lib/context';
import { stopLabsOf } from '../labs/labs.student-labs';
import type { LabRuntime } from '../labs/labs.runtime';
import * as studentTasksRepo from './teaching.student-tasks.repo';

import { type TeachingLabs, type TaskReader } from './teaching.read';
import type { TaskStudy } from './teaching.study';

/** The exam deadline: what students saved is submitted and their labs stop (run by the scheduler). */
export class ExamDeadlines {
  private readonly labs: LabRuntime;

  constructor(
    private readonly ctx: AppContext,
    private readonly read: TaskReader,
    private readonly study: TaskStudy,
    lab: TeachingLabs,
  ) {
    this.labs = lab.runtime;
  }

  /**
   * Closes the exams whose students' deadline passed: what they saved is submitted as it is
   * (the report draft becomes the report), and their labs of the exam's environments stop,
   * keeping their files. Answers how many student tasks it closed.
   */
  async closeDueTasks(now: Date): Promise<number> {
    const { db } = this.ctx;
    const due = await studentTasksRepo.dueExamStudentTasks(db, now);
    if (!due.length) return 0;
    const submitted = await studentTasksRepo.submitStudentTasks(
      db,
      due.map((d) => d.id),
      now,
      true,
    );
    const closed = new Set(submitted.map((r) => r.id));
    for (const { id } of submitted.filter((r) => r.reportSubmitted)) {
      const st = await studentTasksRepo.findStudentTask(db, id);
      if (st) await this.study.markReportSteps(st, now, now);
    }
    const envsOfTask = new Map<string, Promise<string[]>>();
    for (const d of due) {
      if (!closed.has(d.id)) continue;
      if (!envsOfTask.has(d.taskId)) envsOfTask.set(d.taskId, this.read.envIdsOf(d));
      await stopLabsOf(this.labs, d.studentId, await envsOfTask.get(d.taskId)!, 'deadline');
    }
    return closed.size;
  }
}
