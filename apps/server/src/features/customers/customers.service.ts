import {
  remainingDaysOf,
  serviceStatusOf,
  type Customer,
  type CustomerTimeLog,
  type customerAddTimeSchema,
  type customerPageQuerySchema,
  type customerSaveSchema,
  type customerTimeHistoryQuerySchema,
} from '@platform/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { invalid, notFound } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import { findLiveSchool } from '../schools/schools.service';
import { findProfile } from '../users/users.service';
import * as repo from './customers.repo';

type CustomerSave = z.output<typeof customerSaveSchema>;
type CustomerAddTime = z.output<typeof customerAddTimeSchema>;
type CustomerPageQuery = z.output<typeof customerPageQuerySchema>;
type TimeHistoryQuery = z.output<typeof customerTimeHistoryQuerySchema>;

const hourMs = 3_600_000;
/** The latest service end we record: timestamps past year 9999 do not round-trip as ISO text. */
const latestEnd = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export function presentCustomer(row: repo.CustomerWithCollege, now: Date): Customer {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    collegeId: row.schoolId,
    collegeName: row.collegeName,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    remark: row.remark,
    serviceStart: row.serviceStart.toISOString(),
    serviceEnd: row.serviceEnd.toISOString(),
    status: serviceStatusOf(row.serviceStart, row.serviceEnd, now),
    remainingDays: remainingDaysOf(row.serviceStart, row.serviceEnd, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentTimeLog(row: repo.TimeLogWithCustomer): CustomerTimeLog {
  return {
    id: row.id,
    customerId: row.customerId,
    customerName: row.customerName,
    hours: row.hours,
    reason: row.reason,
    endBefore: row.endBefore.toISOString(),
    endAfter: row.endAfter.toISOString(),
    operatorId: row.operatorId,
    operatorName: row.operatorName,
    createdAt: row.createdAt.toISOString(),
  };
}

export class CustomersService {
  constructor(private readonly ctx: AppContext) {}

  async page(q: CustomerPageQuery) {
    const now = this.ctx.now();
    const { records, total } = await repo.pageCustomers(this.ctx.db, q, now, q.pageNum, q.pageSize);
    return {
      records: records.map((r) => presentCustomer(r, now)),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  async get(id: string): Promise<Customer> {
    return this.load(id);
  }

  private async load(id: string): Promise<Customer> {
    const row = await repo.findCustomer(this.ctx.db, id);
    if (!row) throw notFound('customers.not_found');
    return presentCustomer(row, this.ctx.now());
  }

  /** Adds (no id) or updates a customer; answers it and whether it was added. */
  async save(body: CustomerSave): Promise<{ customer: Customer; added: boolean }> {
    const schoolId = body.collegeId || null;
    if (schoolId && !(await findLiveSchool(this.ctx.db, schoolId))) {
      throw invalid('customers.college_not_found', { collegeId: 'invalid_value' });
    }
    const now = this.ctx.now();
    const fields = {
      schoolId,
      name: body.name,
      kind: body.kind,
      contactName: body.contactName ?? '',
      contactPhone: body.contactPhone ?? '',
      remark: body.remark ?? '',
      serviceStart: new Date(body.serviceStart),
      serviceEnd: new Date(body.serviceEnd),
      updatedAt: now,
    };
    if (body.id) {
      const current = await repo.findCustomer(this.ctx.db, body.id);
      if (!current) throw notFound('customers.not_found');
      if (
        current.serviceStart.getTime() !== fields.serviceStart.getTime() ||
        current.serviceEnd.getTime() !== fields.serviceEnd.getTime()
      ) {
        throw invalid('customers.period_locked', { serviceEnd: 'invalid_value' });
      }
      if (!(await repo.updateCustomer(this.ctx.db, body.id, fields))) {
        throw notFound('customers.not_found');
      }
      return { customer: await this.load(body.id), added: false };
    }
    const id = this.ctx.ids.next();
    await repo.insertCustomer(this.ctx.db, { ...fields, id, createdAt: now });
    return { customer: await this.load(id), added: true };
  }

  async remove(id: string): Promise<void> {
    if (!(await repo.softDeleteCustomer(this.ctx.db, id, this.ctx.now()))) {
      throw notFound('customers.not_found');
    }
  }

  /**
   * Extends the service by whole hours and logs it in the same transaction. Time added to an
   * expired service counts from now, so that the hours are all usable.
   */
  async addTime(actor: Actor, body: CustomerAddTime): Promise<Customer> {
    const profile = await findProfile(this.ctx.db, actor.userId);
    const operatorName = profile?.user.name || actor.username;
    const now = this.ctx.now();
    await this.ctx.db.transaction(async (tx) => {
      const row = await repo.lockCustomer(tx, body.customerId);
      if (!row) throw notFound('customers.not_found');
      const from = Math.max(row.serviceEnd.getTime(), now.getTime());
      const end = from + body.hours * hourMs;
      if (end > latestEnd) {
        throw invalid('customers.end_out_of_range', { hours: 'invalid_value' });
      }
      const endAfter = new Date(end);
      await repo.updateCustomer(tx, row.id, { serviceEnd: endAfter, updatedAt: now });
      await repo.insertTimeLog(tx, {
        id: this.ctx.ids.next(),
        customerId: row.id,
        hours: body.hours,
        reason: body.reason,
        endBefore: row.serviceEnd,
        endAfter,
        operatorId: actor.userId,
        operatorName,
        createdAt: now,
      });
    });
    return this.load(body.customerId);
  }

  async history(q: TimeHistoryQuery) {
    const { records, total } = await repo.pageTimeLogs(
      this.ctx.db,
      {
        customerId: q.customerId,
        customerName: q.customerName,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      },
      q.pageNum,
      q.pageSize,
    );
    return {
      records: records.map(presentTimeLog),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }
}
