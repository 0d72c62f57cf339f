import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pathOf, studentsApi, UserKind, type ImportJob, importsApi } from '@platform/contract';
import { users } from '../../db/schema';
import type * as passwords from '../../lib/passwords';
import { callAs, schoolWithStaff, unique } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { multipart, xlsxOf } from './imports.fixtures';

/**
 * The import hashes the passwords of its rows after reading the file and before inserting them.
 * Hashing this one waits until the test lets it go, so other requests run in between.
 */
const { held, heldBusy } = vi.hoisted(() => {
  const holder = (password: string) => {
    let reach!: () => void;
    let release!: () => void;
    const reached = new Promise<void>((r) => (reach = r));
    const released = new Promise<void>((r) => (release = r));
    return { password, reach, reached, release, released };
  };
  return { held: holder('Held_pass1x'), heldBusy: holder('Held_busy2y') };
});

vi.mock('../../lib/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return {
    ...original,
    hashPassword: async (password: string) => {
      for (const h of [held, heldBusy]) {
        if (password !== h.password) continue;
        h.reach();
        await h.released;
      }
      return original.hashPassword(password);
    },
  };
});

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const header = ['姓名', '学号', '性别', '手机号', '班级', '密码'];

async function finished(who: { headers: Record<string, string> }, id: string) {
  for (let i = 0; i < 1000; i++) {
    const job = await callAs<ImportJob>(h.app, who, 'GET', pathOf(importsApi.job.path, { id }));
    if (job.data.status !== 'running') return job.data;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('import did not finish');
}

async function liveStudents(schoolId: string) {
  const [row] = await h.ctx.db
    .select({ n: count() })
    .from(users)
    .where(
      and(eq(users.schoolId, schoolId), eq(users.kind, UserKind.STUDENT), isNull(users.deletedAt)),
    );
  return row?.n ?? 0;
}

describe("the school's student limit", () => {
  it('holds when manual adds run while an import is under way', async () => {
    const limit = 6;
    const className = '限额并发班';
    const { schoolId, classId, admin } = await schoolWithStaff(h.app, h.ctx, className, {
      maxStudents: limit,
    });
    const rows = Array.from({ length: limit }, (_, i) => [
      `导入${i}`,
      `L${unique()}`,
      '男',
      '',
      className,
      i === 0 ? held.password : '',
    ]);
    const body = multipart('students.xlsx', await xlsxOf([header, ...rows]));
    const started = await h.app.inject({
      method: 'POST',
      url: importsApi.studentsImport.path,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(started.json(), started.body).toMatchObject({ code: 200 });
    await held.reached;
    const added = await Promise.all(
      Array.from({ length: limit }, () =>
        callAs(h.app, admin, 'POST', studentsApi.save.path, {
          stuNo: `M${unique()}`,
          name: '手动添加',
          sex: 1,
          classId,
        }),
      ),
    );
    held.release();
    const job = await finished(admin, (started.json().data as ImportJob).id);

    const students = await liveStudents(schoolId);
    expect(students).toBeLessThanOrEqual(limit);
    // Twice as many students as the limit were asked for, and only a full school refuses one.
    expect(students).toBe(limit);
    const addedOk = added.filter((a) => a.status === 200).length;
    expect(job.succeeded + addedOk).toBe(limit);
    for (const a of added.filter((x) => x.status !== 200)) {
      expect(a).toMatchObject({ status: 409, errorKey: 'students.school_full' });
    }
    expect(job).toMatchObject({ status: 'done', total: limit, failed: limit - job.succeeded });
    expect(job.errors.map((e) => e.errorKey)).toEqual(
      Array(limit - job.succeeded).fill('imports.max_students'),
    );
  });
});

describe('too many imports at once', () => {
  it('queues ten behind a running one, refuses the next with 429, and removes each file when its job ends', async () => {
    const className = '排队班';
    const { admin } = await schoolWithStaff(h.app, h.ctx, className);
    const post = async (password: string, lang = 'en') => {
      const file = await xlsxOf([header, ['排队', `Q${unique()}`, '男', '', className, password]]);
      const body = multipart('students.xlsx', file);
      return h.app.inject({
        method: 'POST',
        url: importsApi.studentsImport.path,
        headers: { ...admin.headers, ...body.headers, 'accept-language': lang },
        payload: body.payload,
      });
    };
    const first = await post(heldBusy.password);
    expect(first.json(), first.body).toMatchObject({ code: 200 });
    await heldBusy.reached;
    const waiting: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await post('');
      expect(res.json(), res.body).toMatchObject({ code: 200, data: { status: 'running' } });
      waiting.push((res.json().data as ImportJob).id);
    }
    const refused = await post('');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ errorKey: 'imports.busy' });
    const ids = [(first.json().data as ImportJob).id, ...waiting];
    for (const id of ids) expect(await h.ctx.storage.exists(`jobs/${id}/upload`)).toBe(true);

    heldBusy.release();
    for (const id of ids) {
      expect(await finished(admin, id)).toMatchObject({ status: 'done', succeeded: 1 });
    }
    // The queue removes a file just after the import reports its end.
    for (let i = 0; i < 100; i++) {
      const left = await Promise.all(ids.map((id) => h.ctx.storage.exists(`jobs/${id}/upload`)));
      if (!left.includes(true)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const id of ids) expect(await h.ctx.storage.exists(`jobs/${id}/upload`)).toBe(false);
  });
});
