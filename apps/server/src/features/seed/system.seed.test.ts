import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, roleMenus, roles, systemSettings } from '../../db/schema';
import { createHarness, type Harness } from '../../test/harness';
import { seedSystem } from './system.seed';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** The seeded menu rows in the order they were written, parents by position, grants by role code. */
async function seededMenus() {
  const { db } = h.ctx;
  const codeOf = new Map((await db.select().from(roles)).map((r) => [r.id, r.code]));
  const grants = await db.select().from(roleMenus);
  const rows = (await db.select().from(menus)).sort((a, b) =>
    BigInt(a.id) < BigInt(b.id) ? -1 : 1,
  );
  const position = new Map(rows.map((m, i) => [m.id, i]));
  return rows.map(({ id, parentId, createdAt: _c, updatedAt: _u, ...fields }) => ({
    parent: parentId === null ? null : position.get(parentId),
    ...fields,
    roles: grants
      .filter((g) => g.menuId === id)
      .map((g) => codeOf.get(g.roleId))
      .sort(),
  }));
}

describe('system menus', () => {
  it('writes the menu tree of every role', async () => {
    expect(await seededMenus()).toMatchSnapshot();
  });

  /** Each entry with its parent's index (or, for a button, its page's) instead of ids. */
  async function tree() {
    const rows = await seededMenus();
    return rows
      .map(({ parent, ...m }) => ({
        ...m,
        parent: parent === undefined || parent === null ? null : rows[parent]!.menuIndex,
      }))
      .map((m) => JSON.stringify(m))
      .sort();
  }

  const billingIndexes = ['7-10', '7-11', '7-12', '7-13', '7-14', '7-15', '6-20', '6-21', '6-22'];
  /** The money pages of version 8 and their buttons. */
  const billingEntries = billingIndexes.length + 5;

  /** Removes the entries (with what is under them) and sets the database back to `version`. */
  async function backTo(version: number, indexes: string[]) {
    const { db } = h.ctx;
    const all = await db.select().from(menus);
    const added = new Set(all.filter((m) => indexes.includes(m.menuIndex ?? '')).map((m) => m.id));
    for (const m of all) if (m.parentId && added.has(m.parentId)) added.add(m.id);
    for (const m of all) if (m.parentId && added.has(m.parentId)) added.add(m.id);
    await db.delete(menus).where(inArray(menus.id, [...added]));
    await db
      .update(systemSettings)
      .set({ value: version })
      .where(eq(systemSettings.key, 'seed.system.version'));
  }

  it('gives a database at version 3 the entries of version 4 and 5, under the entries it has', async () => {
    const full = await tree();
    await backTo(3, [
      '12',
      '9',
      '10',
      '11',
      ...['6-10', '6-11', '6-12', '6-13', '6-14'],
      ...['6-15', '6-16', '6-17', '6-18', '6-19'],
      ...['7-5', '7-6'],
      ...billingIndexes,
    ]);
    expect((await tree()).length).toBeLessThan(full.length);
    await seedSystem(h.ctx);
    expect(await tree()).toEqual(full);
  });

  it('gives a database at version 4 the teaching entries of version 5, under the entries it has', async () => {
    const full = await tree();
    await backTo(4, [
      '12',
      '11',
      ...['9-6', '9-7', '9-8', '9-9', '9-10', '9-11'],
      ...['6-15', '6-16', '6-17', '6-18', '6-19'],
      ...['7-5', '7-6'],
      ...billingIndexes,
    ]);
    expect((await tree()).length).toBeLessThan(full.length);
    await seedSystem(h.ctx);
    expect(await tree()).toEqual(full);
  });

  it('gives a database at version 5 the trial management, SMS outbox and portal management entries of version 6', async () => {
    const full = await tree();
    await backTo(5, ['7-5', '7-6', '12', ...billingIndexes]);
    expect((await tree()).length).toBeLessThan(full.length - 3);
    await seedSystem(h.ctx);
    expect(await tree()).toEqual(full);
  });

  it('gives a database at version 6 the announcement and footer editors of version 7, and the default footer', async () => {
    const full = await tree();
    await backTo(6, ['12-6', '12-7', ...billingIndexes]);
    await h.ctx.db.delete(systemSettings).where(eq(systemSettings.key, 'site.footer'));
    expect((await tree()).length).toBe(full.length - 4 - billingEntries);
    await seedSystem(h.ctx);
    expect(await tree()).toEqual(full);
    const footer = await h.ctx.db
      .select()
      .from(systemSettings)
      .where(eq(systemSettings.key, 'site.footer'));
    expect(footer[0]?.value).toMatchObject({ stockCode: '000997' });
  });

  it('gives a database at version 7 the money pages of version 8 under operations and school management', async () => {
    const full = await tree();
    await backTo(7, billingIndexes);
    expect((await tree()).length).toBe(full.length - billingEntries);
    await seedSystem(h.ctx);
    expect(await tree()).toEqual(full);
  });

  it('gives a database at version 8 the view permissions of the college, customer and portal screens, once', async () => {
    const full = await tree();
    const views = ['perm:college.view', 'perm:customer.view', 'perm:cms.view'];
    await h.ctx.db.delete(menus).where(inArray(menus.customFields, views));
    await h.ctx.db
      .update(systemSettings)
      .set({ value: 8 })
      .where(eq(systemSettings.key, 'seed.system.version'));
    expect((await tree()).length).toBe(full.length - views.length);
    await seedSystem(h.ctx);
    expect(await tree()).toEqual(full);
    await h.ctx.db
      .update(systemSettings)
      .set({ value: 8 })
      .where(eq(systemSettings.key, 'seed.system.version'));
    await seedSystem(h.ctx);
    expect(await tree()).toEqual(full);
  });

  it.each([1, 2, 3, 4, 5, 6, 7])('adds only the entries newer than version %i', async (version) => {
    await h.ctx.db.delete(menus);
    await h.ctx.db
      .update(systemSettings)
      .set({ value: version })
      .where(eq(systemSettings.key, 'seed.system.version'));
    await seedSystem(h.ctx);
    const added = await seededMenus();
    expect(added.map((m) => m.menuIndex ?? m.customFields)).toMatchSnapshot();
  });
});
