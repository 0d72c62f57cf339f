import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announcementsApi,
  type Announcement,
  type AnnouncementEdit,
  type RoleCode,
} from '@platform/contract';
import { callerOn, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';

let h: Harness;
let operator: Awaited<ReturnType<typeof signedIn>>;
const call = callerOn(() => h.app);
const anonymous = { headers: {} };

beforeAll(async () => {
  h = await createHarness();
  operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
});
afterAll(() => h.close());

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const para = (text: string, extra: Record<string, unknown> = {}) => ({
  type: 'paragraph',
  ...extra,
  content: [{ type: 'text', text }],
});
const hour = 3_600_000;
const body = (fields: Record<string, unknown> = {}) => ({
  title: '维护通知',
  content: doc(para('今晚 22:00 系统维护。')),
  footer: '运营中心',
  start: new Date(Date.now() - hour).toISOString(),
  end: new Date(Date.now() + hour).toISOString(),
  announceType: 'once',
  ...fields,
});
const save = (payload: unknown, who: { headers: Record<string, string> } = operator) =>
  call<AnnouncementEdit>(who, 'POST', announcementsApi.save.path, payload);
const publicRead = () => call<Announcement | null>(anonymous, 'GET', announcementsApi.get.path);

describe('system announcement editor', () => {
  it.each<RoleCode>(['teacher', 'student', 'school-manager'])(
    'refuses a %s, to read it for editing and to save it',
    async (role) => {
      const who = await signedIn(h.app, h.ctx, { roles: [role] });
      expect((await save(body(), who)).status).toBe(403);
      expect((await call(who, 'GET', announcementsApi.detail.path)).status).toBe(403);
    },
  );

  it('refuses staff without the button, and a caller without a token', async () => {
    const developer = await signedIn(h.app, h.ctx, { roles: ['case-developer'] });
    expect((await save(body(), developer)).status).toBe(403);
    expect((await save(body(), anonymous)).status).toBe(401);
  });

  it('saves, and the public read answers what was saved as HTML', async () => {
    const res = await save(body());
    expect(res.code).toBe(200);
    expect(res.message).toBe('Saved');
    const read = await publicRead();
    expect(read.data).toEqual({
      title: '维护通知',
      content: '<p>今晚 22:00 系统维护。</p>',
      footer: '运营中心',
      start: res.data.start,
      end: res.data.end,
      announceType: 'once',
    });
    const detail = await call<AnnouncementEdit>(operator, 'GET', announcementsApi.detail.path);
    expect(detail.data?.contentDoc).toEqual(doc(para('今晚 22:00 系统维护。')));
  });

  it('gives an empty title the default one, and an empty footer none', async () => {
    const res = await save(body({ title: '  ', footer: '', announceType: 'always' }));
    expect(res.data).toMatchObject({ title: '系统公告', footer: null, announceType: 'always' });
  });

  it('refuses an end not after the start, bad instants, types and empty content', async () => {
    const start = new Date().toISOString();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ start, end: start }, 'end', 'invalid_value'],
      [{ start: 'tomorrow' }, 'start', 'invalid_format'],
      [{ end: '' }, 'end', 'required'],
      [{ announceType: 'twice' }, 'announceType', 'invalid_value'],
      [{ content: undefined }, 'content', 'required'],
      [{ content: doc(para('  ')) }, 'content', 'required'],
      [{ title: 'x'.repeat(51) }, 'title', 'too_long'],
    ];
    for (const [fields, field, code] of cases) {
      const res = await save(body(fields));
      expect(res.code, JSON.stringify(fields)).toBe(9000);
      expect(res.fields?.[field], JSON.stringify(fields)).toBe(code);
    }
  });

  it('stores scripts, handlers and javascript: links harmless, or refuses them', async () => {
    const payload = `<script>window.__xss=1</script><img src=x onerror="window.__xss=2">`;
    const kept = await save(
      body({
        content: doc(para(`正文 ${payload}`, { attrs: { onclick: 'window.__xss=3' } }), {
          type: 'image',
          attrs: { src: '/api-cms/cms/file/a1b2c3', onerror: 'window.__xss=4' },
        }),
      }),
    );
    expect(kept.code).toBe(200);
    const html = (await publicRead()).data!.content;
    expect(html).toContain('正文 &lt;script&gt;');
    expect(html.match(/<[^>]*>/g)).toEqual([
      '<p>',
      '</p>',
      '<img src="/api-cms/cms/file/a1b2c3"/>',
    ]);

    const refused: unknown[] = [
      doc({ type: 'script', content: [{ type: 'text', text: 'window.__xss=5' }] }),
      doc({
        type: 'paragraph',
        content: [
          {
            type: 'text',
            text: '点我',
            marks: [{ type: 'link', attrs: { href: 'javascript:window.__xss=6' } }],
          },
        ],
      }),
      doc({ type: 'image', attrs: { src: 'x', onerror: 'window.__xss=7' } }),
      // A reader's browser never fetches an address the author chose.
      doc({ type: 'image', attrs: { src: 'https://tracker.example/pixel.png' } }),
    ];
    for (const content of refused) {
      const res = await save(body({ content }));
      expect(res.code).toBe(9000);
      expect(res.fields?.content).toBe('invalid_value');
    }
    expect((await publicRead()).data!.content).toBe(html);
  });
});
