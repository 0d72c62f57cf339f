import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, noticesApi as api, pathOf, type Notice } from '@platform/contract';
import { callerOn, createSchool, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { notify } from './notices.service';

let h: Harness;
type Who = Awaited<ReturnType<typeof signedIn>>;
let me: Who;
let other: Who;
const call = callerOn(() => h.app, 'zh');
type List = { data: Notice[]; total: number; unread: number; pageNum: number; pageSize: number };

beforeAll(async () => {
  h = await createHarness();
  const schoolId = (await createSchool(h.ctx)).id;
  me = await signedIn(h.app, h.ctx, { schoolId, roles: ['student'] });
  other = await signedIn(h.app, h.ctx, { schoolId, roles: ['student'] });
});
afterAll(() => h.close());

describe('notices', () => {
  it('lists the caller’s unread notices as data.data, newest first, titled in their language', async () => {
    const taskId = h.ctx.ids.next();
    await notify(
      h.ctx,
      [me.id, other.id, me.id].map((userId) => ({ userId, dynamicId: taskId })),
      'task_issued',
      { name: '传感器实训' },
    );
    h.advance(1000);
    await notify(h.ctx, [{ userId: me.id, dynamicId: taskId }], 'scores_issued', {
      name: '传感器实训',
    });
    const zh = await call<List>(me, 'GET', api.list.path);
    expect(zh.code).toBe(200);
    expect(zh.data).toMatchObject({ total: 2, unread: 2, pageNum: 1, pageSize: 20 });
    expect(zh.data.data.map((n) => [n.dynamicType, n.dynamicId, n.status, n.title])).toEqual([
      ['scores_issued', taskId, 0, '成绩已发布：传感器实训'],
      ['task_issued', taskId, 0, '新任务：传感器实训'],
    ]);
    const en = await call<List>(me, 'GET', api.list.path, undefined, 'en');
    expect(en.data.data[1]!.title).toBe('New task: 传感器实训');
    expect((await call<List>(other, 'GET', api.list.path)).data.total).toBe(1);
  });

  it('marks one of the caller’s own notices read; another’s is not found', async () => {
    const [first] = (await call<List>(me, 'GET', api.list.path)).data.data;
    const res = await call(me, 'POST', pathOf(api.read.path, { id: first!.id }));
    expect(res).toMatchObject({ code: 200, data: null });
    const after = await call<List>(me, 'GET', api.list.path);
    expect(after.data).toMatchObject({ total: 1, unread: 1 });
    const all = await h.app.inject({
      method: 'GET',
      url: api.list.path,
      query: { status: 'all' },
      headers: me.headers,
    });
    expect(all.json<{ data: List }>().data.data.map((n) => n.status)).toEqual([1, 0]);
    const [theirs] = (await call<List>(other, 'GET', api.list.path)).data.data;
    for (const lang of ['zh', 'en'] as const) {
      const refused = await call(
        me,
        'POST',
        pathOf(api.read.path, { id: theirs!.id }),
        undefined,
        lang,
      );
      expect(refused).toMatchObject({
        status: 404,
        errorKey: 'notices.not_found',
        message: formatMessage('notices.not_found', lang),
      });
    }
    expect((await call<List>(other, 'GET', api.list.path)).data.unread).toBe(1);
  });

  it('clears all of the caller’s notices, and only theirs', async () => {
    await notify(h.ctx, [{ userId: me.id, dynamicId: h.ctx.ids.next() }], 'time_extended', {
      name: '考试',
    });
    const res = await call<{ cleared: number }>(me, 'POST', api.clear.path);
    expect(res).toMatchObject({ code: 200, data: { cleared: 2 } });
    expect((await call<List>(me, 'GET', api.list.path)).data).toMatchObject({
      total: 0,
      unread: 0,
    });
    expect((await call<List>(other, 'GET', api.list.path)).data.unread).toBe(1);
    const again = await call<{ cleared: number }>(me, 'POST', api.clear.path);
    expect(again.data.cleared).toBe(0);
  });

  it('needs a signed-in account', async () => {
    const res = await h.app.inject({ method: 'GET', url: api.list.path });
    expect(res.statusCode).toBe(401);
  });
});
