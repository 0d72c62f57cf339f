import type {
  Department,
  departmentSaveSchema,
  FieldErrorCode,
  Major,
  MajorOption,
  majorSaveSchema,
  MessageKey,
  OrgTreeClass,
  OrgTreeDepartment,
} from '@platform/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import * as classesRepo from '../classes/classes.repo';
import { requireOrgSchool } from './org.policy';
import * as repo from './org.repo';

type DepartmentSave = z.output<typeof departmentSaveSchema>;
type MajorSave = z.output<typeof majorSaveSchema>;

/** A refusal because of the state of other rows (HTTP 409, code 9000). */
export function conflict(key: MessageKey, fields?: Record<string, FieldErrorCode>): AppError {
  return new AppError(key, { status: 409, ...(fields ? { fields } : {}) });
}

/** Not found, with the form field that named the missing row. */
export function notFoundOn(key: MessageKey, field: string): AppError {
  return new AppError(key, { status: 404, fields: { [field]: 'invalid_value' } });
}

const presentDepartment = (d: repo.DepartmentRow): Department => ({
  id: d.id,
  name: d.name,
  sort: d.sort,
});

const presentMajor = (m: repo.MajorRow): Major => ({
  id: m.id,
  departmentId: m.departmentId,
  name: m.name,
  sort: m.sort,
});

export class OrgService {
  constructor(private readonly ctx: AppContext) {}

  /** Departments → majors → classes (a class under each of its majors), with student counts. */
  async tree(actor: Actor, includeArchived: boolean): Promise<OrgTreeDepartment[]> {
    const schoolId = requireOrgSchool(actor);
    const { db } = this.ctx;
    const [departments, majors, classes] = await Promise.all([
      repo.listDepartments(db, schoolId),
      repo.listMajors(db, schoolId),
      classesRepo.listClasses(db, schoolId, includeArchived),
    ]);
    const classIds = classes.map((c) => c.id);
    const [links, counts] = await Promise.all([
      classesRepo.majorsOfClasses(db, schoolId, classIds),
      classesRepo.studentCounts(db, schoolId, classIds),
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
      ...presentDepartment(d),
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

  async saveDepartment(actor: Actor, body: DepartmentSave): Promise<Department> {
    const schoolId = requireOrgSchool(actor);
    const { db } = this.ctx;
    if (body.id && !(await repo.findDepartment(db, schoolId, body.id))) {
      throw notFound('org.department_not_found');
    }
    const taken = () => conflict('org.department_name_taken', { name: 'invalid_value' });
    if (await repo.departmentNameTaken(db, schoolId, body.name, body.id)) throw taken();
    const now = this.ctx.now();
    try {
      const row = body.id
        ? await repo.updateDepartment(db, schoolId, body.id, {
            name: body.name,
            sort: body.sort,
            updatedAt: now,
          })
        : await repo.insertDepartment(db, {
            id: this.ctx.ids.next(),
            schoolId,
            name: body.name,
            sort: body.sort,
            createdAt: now,
            updatedAt: now,
          });
      if (!row) throw conflict('org.update_failed');
      return presentDepartment(row);
    } catch (error) {
      if (repo.sqlStateOf(error) === repo.UNIQUE_VIOLATION) throw taken();
      throw error;
    }
  }

  /** A department with majors stays. */
  async deleteDepartment(actor: Actor, id: string): Promise<void> {
    const schoolId = requireOrgSchool(actor);
    const { db } = this.ctx;
    if (!(await repo.findDepartment(db, schoolId, id))) throw notFound('org.department_not_found');
    const hasMajors = () => conflict('org.department_has_majors');
    if ((await repo.countMajorsOf(db, schoolId, id)) > 0) throw hasMajors();
    try {
      if (!(await repo.deleteDepartment(db, schoolId, id))) throw conflict('org.delete_failed');
    } catch (error) {
      if (repo.sqlStateOf(error) === repo.FOREIGN_KEY_VIOLATION) throw hasMajors();
      throw error;
    }
  }

  async majors(actor: Actor): Promise<MajorOption[]> {
    const schoolId = requireOrgSchool(actor);
    return repo.listMajors(this.ctx.db, schoolId);
  }

  async saveMajor(actor: Actor, body: MajorSave): Promise<Major> {
    const schoolId = requireOrgSchool(actor);
    const { db } = this.ctx;
    if (body.id && !(await repo.findMajor(db, schoolId, body.id))) {
      throw notFound('org.major_not_found');
    }
    if (!(await repo.findDepartment(db, schoolId, body.departmentId))) {
      throw notFoundOn('org.department_not_found', 'departmentId');
    }
    const taken = () => conflict('org.major_name_taken', { name: 'invalid_value' });
    if (await repo.majorNameTaken(db, schoolId, body.name, body.id)) throw taken();
    const now = this.ctx.now();
    const set = { departmentId: body.departmentId, name: body.name, sort: body.sort };
    try {
      const row = body.id
        ? await repo.updateMajor(db, schoolId, body.id, { ...set, updatedAt: now })
        : await repo.insertMajor(db, {
            ...set,
            id: this.ctx.ids.next(),
            schoolId,
            createdAt: now,
            updatedAt: now,
          });
      if (!row) throw conflict('org.update_failed');
      return presentMajor(row);
    } catch (error) {
      const state = repo.sqlStateOf(error);
      if (state === repo.UNIQUE_VIOLATION) throw taken();
      // The department went away meanwhile.
      if (state === repo.FOREIGN_KEY_VIOLATION) {
        throw conflict(body.id ? 'org.update_failed' : 'org.add_failed');
      }
      throw error;
    }
  }

  /** A major that classes use stays (archived classes count: they keep their majors). */
  async deleteMajor(actor: Actor, id: string): Promise<void> {
    const schoolId = requireOrgSchool(actor);
    const { db } = this.ctx;
    if (!(await repo.findMajor(db, schoolId, id))) throw notFound('org.major_not_found');
    const inUse = () => conflict('org.major_in_use');
    if ((await classesRepo.countClassesOfMajor(db, schoolId, id)) > 0) throw inUse();
    try {
      if (!(await repo.deleteMajor(db, schoolId, id))) throw conflict('org.delete_failed');
    } catch (error) {
      if (repo.sqlStateOf(error) === repo.FOREIGN_KEY_VIOLATION) throw inUse();
      throw error;
    }
  }
}
