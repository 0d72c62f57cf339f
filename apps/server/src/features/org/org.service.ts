import type {
  Department,
  departmentSaveSchema,
  Major,
  MajorOption,
  majorSaveSchema,
} from '@platform/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { conflict, notFound, notFoundOn } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import { requireOrgSchool } from './org.policy';
import * as repo from './org.repo';
import { FOREIGN_KEY_VIOLATION, sqlStateOf, UNIQUE_VIOLATION } from '../../lib/sql';

type DepartmentSave = z.output<typeof departmentSaveSchema>;
type MajorSave = z.output<typeof majorSaveSchema>;

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
      if (sqlStateOf(error) === UNIQUE_VIOLATION) throw taken();
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
      if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) throw hasMajors();
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
      const state = sqlStateOf(error);
      if (state === UNIQUE_VIOLATION) throw taken();
      // The department went away meanwhile.
      if (state === FOREIGN_KEY_VIOLATION) {
        throw conflict(body.id ? 'org.update_failed' : 'org.add_failed');
      }
      throw error;
    }
  }

  /**
   * A major that classes use stays: their links to it (`class_majors`, owned by classes) refuse
   * the delete (archived classes count: they keep their majors).
   */
  async deleteMajor(actor: Actor, id: string): Promise<void> {
    const schoolId = requireOrgSchool(actor);
    const { db } = this.ctx;
    if (!(await repo.findMajor(db, schoolId, id))) throw notFound('org.major_not_found');
    const inUse = () => conflict('org.major_in_use');
    try {
      if (!(await repo.deleteMajor(db, schoolId, id))) throw conflict('org.delete_failed');
    } catch (error) {
      if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) throw inUse();
      throw error;
    }
  }
}

/** What classes read of departments and majors. */
export function findMajors(
  ...args: Parameters<typeof repo.findMajors>
): ReturnType<typeof repo.findMajors> {
  return repo.findMajors(...args);
}
export function listDepartments(
  ...args: Parameters<typeof repo.listDepartments>
): ReturnType<typeof repo.listDepartments> {
  return repo.listDepartments(...args);
}
export function listMajors(
  ...args: Parameters<typeof repo.listMajors>
): ReturnType<typeof repo.listMajors> {
  return repo.listMajors(...args);
}
