import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menusApi, pathOf, UserKind, usersApi } from '@platform/contract';
import {
  classes,
  courseSteps,
  labEnvironments,
  menus,
  roles,
  schools,
  studentTasks,
  systemSettings,
  teachingTasks,
  trialApplications,
  userRoles,
  users,
} from '../../db/schema';
import { bearer, passwordGrant } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { demoAccounts, seedDemo } from './demo.seed';

/** The demo data: written once, upgraded from earlier versions, and its accounts. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { seedPassword: 'Seed_pass1' } });
});
afterAll(() => h.close());

describe('seeding the demo', () => {
  it('is created once, however often the platform starts', async () => {
    await seedDemo(h.ctx);
    const count = async () => ({
      schools: (await h.ctx.db.select().from(schools)).length,
      classes: (await h.ctx.db.select().from(classes)).length,
      users: (await h.ctx.db.select().from(users)).length,
      roles: (await h.ctx.db.select().from(roles)).length,
      menus: (await h.ctx.db.select().from(menus)).length,
      environments: (await h.ctx.db.select().from(labEnvironments)).length,
      tasks: (await h.ctx.db.select().from(teachingTasks)).length,
      studentTasks: (await h.ctx.db.select().from(studentTasks)).length,
    });
    const before = await count();
    expect(before).toMatchObject({ schools: 1, classes: 3, users: 37, roles: 7, environments: 6 });
    await seedDemo(h.ctx);
    await seedDemo(h.ctx);
    expect(await count()).toEqual(before);
  });

  it('upgrades a database seeded by an earlier version, adding only what is new', async () => {
    const old = await createHarness();
    try {
      await seedDemo(old.ctx);
      await old.ctx.db.delete(menus).where(inArray(menus.menuIndex, ['4', '4-1', '5', '5-1']));
      await old.ctx.db
        .update(systemSettings)
        .set({ value: 1 })
        .where(eq(systemSettings.key, 'seed.system.version'));
      // Version 4 wrote the demo courses before lab steps had checks.
      const checked = async () =>
        (await old.ctx.db.select().from(courseSteps)).filter(
          (s) => ((s.content as { checks?: unknown[] }).checks ?? []).length > 0,
        );
      const withChecks = await checked();
      expect(withChecks.map((s) => s.name.zh)).toEqual(['2-2 实训：订阅传感器数据']);
      for (const step of withChecks)
        await old.ctx.db
          .update(courseSteps)
          .set({ content: { ...step.content, checks: [] } })
          .where(eq(courseSteps.id, step.id));
      await old.ctx.db
        .update(systemSettings)
        .set({ value: 4 })
        .where(eq(systemSettings.key, 'seed.demo.version'));
      const before = (await old.ctx.db.select().from(menus)).length;
      const tasksBefore = (await old.ctx.db.select().from(teachingTasks)).length;
      await seedDemo(old.ctx);
      const after = await old.ctx.db.select().from(menus);
      expect(after.filter((m) => m.menuIndex === '1')).toHaveLength(1);
      expect(after.filter((m) => m.menuIndex === '4-1')).toHaveLength(1);
      expect(after.length).toBeGreaterThan(before);
      expect((await checked()).map((s) => s.content)).toEqual(withChecks.map((s) => s.content));
      expect(await old.ctx.db.select().from(teachingTasks)).toHaveLength(tasksBefore);
      expect(await old.ctx.db.select().from(trialApplications)).toHaveLength(4);
    } finally {
      await old.close();
    }
  });
});

describe('the demo accounts', () => {
  beforeAll(() => seedDemo(h.ctx));

  it('stores every demo account of the student role as a student, so counts and gates agree, also in a demo seeded before version 12', async () => {
    await seedDemo(h.ctx);
    const studentRole = await h.ctx.db.query.roles.findFirst({ where: eq(roles.code, 'student') });
    const holders = await h.ctx.db
      .select({ id: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.roleId, studentRole!.id));
    const ids = holders.map((r) => r.id);
    const kinds = async () =>
      (await h.ctx.db.select().from(users).where(inArray(users.id, ids))).map((u) => u.kind);
    expect(ids.length).toBeGreaterThanOrEqual(32);
    expect(new Set(await kinds())).toEqual(new Set([UserKind.STUDENT]));

    await h.ctx.db.update(users).set({ kind: null }).where(inArray(users.id, ids));
    await h.ctx.db
      .update(systemSettings)
      .set({ value: 11 })
      .where(eq(systemSettings.key, 'seed.demo.version'));
    await seedDemo(h.ctx);
    expect(new Set(await kinds())).toEqual(new Set([UserKind.STUDENT]));
  });

  it('lets every demo account sign in with SEED_PASSWORD and see its menus', async () => {
    for (const a of demoAccounts) {
      const res = await passwordGrant(h.app, a.username, 'Seed_pass1');
      expect(res.json().code).toBe(200);
      const token = res.json().data.access_token;
      const me = await h.app.inject({
        method: 'GET',
        url: usersApi.current.path,
        headers: bearer(token),
      });
      expect(me.json().data.roles.map((r: { code: string }) => r.code)).toEqual([a.role]);
      expect(me.json().data.collegeId === null).toBe(!a.inSchool);
      const tree = await h.app.inject({
        method: 'GET',
        url: pathOf(menusApi.all.path, { appid: 'platform-web' }),
        headers: bearer(token),
      });
      expect(tree.json().data.length).toBeGreaterThanOrEqual(2);
    }
  });
});
