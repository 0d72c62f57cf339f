import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, type Region, regionsApi } from '@platform/contract';
import { regions } from '../../db/schema';
import { signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { regionRows } from './regions.data';
import { seedRegions } from './regions.seed';

let h: Harness;
let teacher: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  h = await createHarness();
  teacher = await signedIn(h.app, h.ctx, { roles: ['teacher'] });
});
afterAll(() => h.close());

async function children(pid: string, lang = 'zh-CN', headers = teacher.headers) {
  const res = await h.app.inject({
    method: 'GET',
    url: pathOf(regionsApi.children.path, { pid }),
    headers: { ...headers, 'accept-language': lang },
  });
  return { status: res.statusCode, body: res.json<{ code: number; data: Region[] }>() };
}

describe('region dictionary', () => {
  it('lists the 34 provincial-level divisions under the root, in Chinese by default', async () => {
    const { body } = await children('0');
    expect(body.code).toBe(200);
    expect(body.data).toHaveLength(34);
    expect(body.data[0]).toEqual({
      id: '110000',
      pid: '100000',
      name: '北京市',
      hasChildren: true,
    });
    expect(body.data.find((r) => r.id === '440000')).toMatchObject({ name: '广东省' });
    expect(body.data.find((r) => r.id === '710000')).toMatchObject({ hasChildren: false });
    expect(body.data.map((r) => r.id)).toEqual([...body.data.map((r) => r.id)].sort());
    // The root's id and its aliases answer the same.
    for (const pid of ['100000', 'undefined', 'null', '']) {
      expect((await children(pid)).body.data).toEqual(body.data);
    }
  });

  it('answers the cities of a province in the caller’s language', async () => {
    const zh = (await children('440000', 'zh')).body.data;
    const en = (await children('440000', 'en-US,en;q=0.9')).body.data;
    expect(zh).toHaveLength(21);
    expect(zh.find((r) => r.id === '440300')).toEqual({
      id: '440300',
      pid: '440000',
      name: '深圳市',
      hasChildren: false,
    });
    expect(en.find((r) => r.id === '440300')?.name).toBe('Shenzhen');
    expect((await children('0', 'en')).body.data[0]?.name).toBe('Beijing');
    // Municipalities list their districts.
    const beijing = (await children('110000')).body.data;
    expect(beijing.find((r) => r.id === '110108')?.name).toBe('海淀区');
  });

  it('answers an unknown region with no children, and refuses a malformed pid', async () => {
    expect((await children('990000')).body).toMatchObject({ code: 200, data: [] });
    const bad = await children('abc');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(9000);
  });

  it('needs a signed-in user', async () => {
    const res = await children('0', 'zh', { authorization: 'Bearer nope' });
    expect(res.status).toBe(401);
  });

  it('is seeded once: a second seed leaves the table as it is', async () => {
    await h.ctx.db.update(regions).set({ name: '广东' }).where(eq(regions.id, '440000'));
    await seedRegions(h.ctx.db);
    const rows = await h.ctx.db.select().from(regions);
    expect(rows).toHaveLength(regionRows().length);
    expect(rows.find((r) => r.id === '440000')?.name).toBe('广东');
    await h.ctx.db.update(regions).set({ name: '广东省' }).where(eq(regions.id, '440000'));
  });
});
