import type {
  ClassArchive,
  ClassOption,
  ClassRecord,
  classPageQuerySchema,
  classSaveSchema,
  OrgTreeClass,
  OrgTreeDepartment,
} from '@platform/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { conflict, invalid, notFound, notFoundOn } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import * as org from '../org/org.service';
import { deleteStudentTasks } from '../teaching/teaching.service';
import { detachDeletedFromClass } from '../users/users.service';
import { requireClassSchool } from './classes.policy';
import * as repo from './classes.repo';
import { FOREIGN_KEY_VIOLATION, sqlStateOf } from '../../lib/sql';

type ClassPageQuery = z.output<typeof classPageQuerySchema>;
type ClassSave = z.output<typeof classSaveSchema>;

export class ClassesService {
  constructor(
    private readonly ctx: AppContext,
    /** Clears what the students did in labs once their class is archived. */
    private readonly removeLabs: (studentIds: string[]) => Promise<unknown> = async () => {},
  ) {}

  /** Records with their majors and live student counts. */
  private async present(schoolId: string, rows: repo.ClassRow[]): Promise<ClassRecord[]> {
    const ids = rows.map((r) => r.id);
    const [links, counts] = await Promise.all([
      repo.majorsOfClasses(this.ctx.db, schoolId, ids),
      repo.studentCounts(this.ctx.db, schoolId, ids),
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      grade: r.grade,
      majors: links.filter((l) => l.classId === r.id).map((l) => ({ id: l.id, name: l.name })),
      studentCount: counts.get(r.id) ?? 0,
      archived: r.archivedAt !== null,
      archivedAt: r.archivedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  private async presentOne(schoolId: string, row: repo.ClassRow): Promise<ClassRecord> {
    return (await this.present(schoolId, [row]))[0]!;
  }

  async page(actor: Actor, q: ClassPageQuery) {
    const schoolId = requireClassSchool(actor);
    const { records, total } = await repo.pageClasses(
      this.ctx.db,
      schoolId,
      {
        name: q.name || undefined,
        grade: q.grade || undefined,
        majorId: q.majorId,
        archived: q.archived === 'true',
      },
      q.pageNum,
      q.pageSize,
    );
    return {
      records: await this.present(schoolId, records),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  async options(actor: Actor, includeArchived: boolean): Promise<ClassOption[]> {
    const schoolId = requireClassSchool(actor);
    const rows = await repo.listClasses(this.ctx.db, schoolId, includeArchived);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      grade: r.grade,
      archived: r.archivedAt !== null,
    }));
  }

  /** Departments → majors → classes (a class under each of its majors), with student counts. */
  async tree(actor: Actor, includeArchived: boolean): Promise<OrgTreeDepartment[]> {
    const schoolId = requireClassSchool(actor);
    const { db } = this.ctx;
    const [departments, majors, classes] = await Promise.all([
      org.listDepartments(db, schoolId),
      org.listMajors(db, schoolId),
      repo.listClasses(db, schoolId, includeArchived),
    ]);
    const classIds = classes.map((c) => c.id);
    const [links, counts] = await Promise.all([
      repo.majorsOfClasses(db, schoolId, classIds),
      repo.studentCounts(db, schoolId, classIds),
    ]);
    const classesById = new Map(classes.map((c) => [c.id, c]));
    const classesOfMajor = new Map<string, OrgTreeClass[]>();
    for (const link of links) {
      const c = classesById.get(link.classId);
      if (!c) continue;
      const list = classesOfMajor.get(link.id) ?? [];
      list.push({
        id: c.id,
        name: c.name,
        grade: c.grade,
        archived: c.archivedAt !== null,
        studentCount: counts.get(c.id) ?? 0,
      });
      classesOfMajor.set(link.id, list);
    }
    const order = new Map(classIds.map((id, i) => [id, i]));
    return departments.map((d) => ({
      id: d.id,
      name: d.name,
      sort: d.sort,
      majors: majors
        .filter((m) => m.departmentId === d.id)
        .map((m) => ({
          id: m.id,
          departmentId: m.departmentId,
          name: m.name,
          sort: m.sort,
          classes: (classesOfMajor.get(m.id) ?? []).sort(
            (a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0),
          ),
        })),
    }));
  }

  async get(actor: Actor, id: string): Promise<ClassRecord> {
    const schoolId = requireClassSchool(actor);
    const row = await repo.findClass(this.ctx.db, schoolId, id);
    if (!row) throw notFound('classes.not_found');
    return this.presentOne(schoolId, row);
  }

  /**
   * Adds or updates a class. Its majors must all be the school's; its name must be free among
   * the school's classes in use. Archived classes are read-only.
   */
  async save(actor: Actor, body: ClassSave): Promise<ClassRecord> {
    const schoolId = requireClassSchool(actor);
    const majorIds = [...new Set(body.majorIds)];
    const found = await org.findMajors(this.ctx.db, schoolId, majorIds);
    if (found.length !== majorIds.length) throw notFoundOn('org.major_not_found', 'majorIds');
    const now = this.ctx.now();
    try {
      const row = await this.ctx.db.transaction(async (tx) => {
        await repo.lockSchoolClasses(tx, schoolId);
        if (body.id) {
          const existing = await repo.findClass(tx, schoolId, body.id);
          if (!existing) throw notFound('classes.not_found');
          if (existing.archivedAt) throw conflict('classes.archived');
        }
        if (await repo.classNameTaken(tx, schoolId, body.name, body.id)) {
          throw conflict('classes.name_taken', { name: 'invalid_value' });
        }
        const saved = body.id
          ? await repo.updateClass(tx, schoolId, body.id, {
              name: body.name,
              grade: body.grade,
              updatedAt: now,
            })
          : await repo.insertClass(tx, {
              id: this.ctx.ids.next(),
              schoolId,
              name: body.name,
              grade: body.grade,
              createdAt: now,
              updatedAt: now,
            });
        if (!saved) throw conflict('org.update_failed');
        await repo.setClassMajors(tx, schoolId, saved.id, majorIds);
        return saved;
      });
      return await this.presentOne(schoolId, row);
    } catch (error) {
      // A major was deleted meanwhile.
      if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) {
        throw conflict(body.id ? 'org.update_failed' : 'org.add_failed');
      }
      throw error;
    }
  }

  /** A class holding a live student stays (management spec §4 class gates). */
  async remove(actor: Actor, id: string): Promise<void> {
    const schoolId = requireClassSchool(actor);
    const hasStudents = () => conflict('classes.has_students');
    try {
      await this.ctx.db.transaction(async (tx) => {
        if (!(await repo.findClass(tx, schoolId, id))) throw notFound('classes.not_found');
        if (await repo.hasLiveStudents(tx, schoolId, id)) throw hasStudents();
        await detachDeletedFromClass(tx, schoolId, id);
        if (!(await repo.deleteEmptyClass(tx, schoolId, id))) throw hasStudents();
      });
    } catch (error) {
      // A student joined meanwhile.
      if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) throw hasStudents();
      throw error;
    }
  }

  /**
   * Archives a class and clears its students' training data in one transaction (management
   * spec §4), then removes their labs and lab files. The students stay in the class; the class
   * leaves the lists in use.
   */
  async archive(
    actor: Actor,
    id: string,
    body: ClassArchive | null | undefined,
  ): Promise<ClassRecord> {
    if (!body) throw invalid('common.invalid_input', { confirm: 'required' });
    const schoolId = requireClassSchool(actor);
    const row = await this.ctx.db.transaction(async (tx) => {
      const existing = await repo.findClass(tx, schoolId, id);
      if (!existing) throw notFound('classes.not_found');
      const archived = await repo.archiveClass(tx, schoolId, id, this.ctx.now());
      if (!archived) throw conflict('classes.archived');
      await deleteStudentTasks(tx, schoolId, await repo.studentIdsOf(tx, schoolId, id));
      return archived;
    });
    await this.removeLabs(await repo.studentIdsOf(this.ctx.db, schoolId, id));
    return this.presentOne(schoolId, row);
  }
}
