import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, pathOf } from '@platform/contract';
import { classes, menus, roles, schools, users } from '../../db/schema';
import { bearer, passwordGrant } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { demoAccounts, seedDemo } from './demo.seed';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { seedPassword: 'Seed_pass1' } });
});
afterAll(() => h.close());

describe('demo data', () => {
  it('is created once, however often the platform starts', async () => {
    await seedDemo(h.ctx);
    const count = async () => ({
      schools: (await h.ctx.db.select().from(schools)).length,
      classes: (await h.ctx.db.select().from(classes)).length,
      users: (await h.ctx.db.select().from(users)).length,
      roles: (await h.ctx.db.select().from(roles)).length,
      menus: (await h.ctx.db.select().from(menus)).length,
    });
    const before = await count();
    expect(before).toMatchObject({ schools: 1, classes: 1, users: 5, roles: 7 });
    await seedDemo(h.ctx);
    await seedDemo(h.ctx);
    expect(await count()).toEqual(before);
  });

  it('lets every demo account sign in with SEED_PASSWORD and see its menus', async () => {
    for (const a of demoAccounts) {
      const res = await passwordGrant(h.app, a.username, 'Seed_pass1');
      expect(res.json().code).toBe(200);
      const token = res.json().data.access_token;
      const me = await h.app.inject({
        method: 'GET',
        url: apiRoutes.currentUser,
        headers: bearer(token),
      });
      expect(me.json().data.roles.map((r: { code: string }) => r.code)).toEqual([a.role]);
      expect(me.json().data.collegeId === null).toBe(!a.inSchool);
      const tree = await h.app.inject({
        method: 'GET',
        url: pathOf(apiRoutes.menusAll, { appid: 'platform-web' }),
        headers: bearer(token),
      });
      expect(tree.json().data.length).toBeGreaterThanOrEqual(2);
    }
  });
});
