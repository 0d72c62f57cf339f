import { type Lang } from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { conflict, notFoundOn } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import { homeFileOf, homeFolderOf } from '../labs/labs.files';
import { activeLabsOf, readOnlyTicket } from '../labs/labs.student-labs';
import type { LabRuntime } from '../labs/labs.runtime';
import * as reportsRepo from './teaching.reports.repo';
import * as studyRepo from './teaching.study.repo';

import { type TeachingLabs, type TaskReader } from './teaching.read';

/** The labs of a task seen by its teachers (watch, files), and the lines students type in exams. */
export class TaskLabs {
  private readonly labs: LabRuntime;
  /** The last write of each lab's typed lines, which the next one waits for. */
  private readonly commandWrites = new Map<string, Promise<void>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly read: TaskReader,
    private readonly lab: TeachingLabs,
  ) {
    this.labs = lab.runtime;
  }

  /** A read-only view of the student's running terminal (or device panel) of the task. */
  async watch(actor: Actor, id: string, lang: Lang): Promise<{ url: string; expiresAt: string }> {
    const st = await this.read.keptStudentTask(actor, id);
    const envIds = await this.read.envIdsOf(st.task);
    const running = activeLabsOf(this.labs, st.studentId, envIds).filter(
      (e) => e.state === 'Running' && (e.runner === 'terminal' || e.runner === 'simulation'),
    );
    const lab = running.find((e) => e.runner === 'terminal') ?? running[0];
    if (!lab) throw conflict('teaching.lab_not_running');
    const { url, expiresIn } = readOnlyTicket(
      this.lab,
      this.ctx.config,
      lab.id,
      lang === 'en' ? 'en-US' : 'zh-CN',
    );
    return { url, expiresAt: new Date(this.ctx.now().getTime() + expiresIn * 1000).toISOString() };
  }

  /** The environment of the task whose home the teacher reads; another is not found. */
  private async homeOf(actor: Actor, id: string, envId: string) {
    const st = await this.read.keptStudentTask(actor, id);
    if (!(await this.read.envIdsOf(st.task)).includes(envId))
      throw notFoundOn('teaching.env_not_in_course', 'envId');
    return st;
  }

  async labFiles(actor: Actor, id: string, q: { envId: string; path: string }) {
    const st = await this.homeOf(actor, id, q.envId);
    return homeFolderOf(this.labs, st.studentId, q.envId, q.path);
  }

  async labFile(actor: Actor, id: string, q: { envId: string; path: string }) {
    const st = await this.homeOf(actor, id, q.envId);
    return homeFileOf(this.labs, st.studentId, q.envId, q.path);
  }

  /**
   * Keeps a line typed into a lab of an environment that an open exam of its user gives. The
   * lines of one lab are written one after the other, so they keep the order they were typed in.
   */
  recordCommand(userId: string, envId: string, containerId: string, line: string) {
    const now = this.ctx.now();
    const before = this.commandWrites.get(containerId) ?? Promise.resolve();
    const write = before
      .catch(() => {})
      .then(() => this.keepCommand(userId, envId, containerId, line, now));
    this.commandWrites.set(containerId, write);
    const forget = () => {
      if (this.commandWrites.get(containerId) === write) this.commandWrites.delete(containerId);
    };
    write.then(forget, forget);
    return write;
  }

  private async keepCommand(
    userId: string,
    envId: string,
    containerId: string,
    line: string,
    now: Date,
  ) {
    const exams = await studyRepo.openExamsOf(this.ctx.db, userId, now);
    const rows = [];
    for (const exam of exams) {
      const envIds = await this.read.envIdsOf(exam);
      if (envIds.includes(envId))
        rows.push({
          id: this.ctx.ids.next(),
          studentTaskId: exam.id,
          schoolId: exam.schoolId,
          containerId,
          line: line.slice(0, 2000),
          at: now,
        });
    }
    await reportsRepo.insertCommands(this.ctx.db, rows);
  }
}
