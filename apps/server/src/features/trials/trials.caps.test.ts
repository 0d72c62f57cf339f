import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticesApi, type Notice } from '@platform/contract';
import { buildApp } from '../../app';
import { callAs, newPhone, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { newAddress, sendCode } from '../../test/trial-fixture';

/** The platform-wide caps of verification codes (decision 0044). */

const minute = 60_000;

describe('with small caps: 5 a minute, 12 a day', () => {
  let h: Harness;
  const lines: string[] = [];
  let operator: Awaited<ReturnType<typeof signedIn>>;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    h = await createHarness({
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
      config: { logLevel: 'warn', smsCaps: { perMinute: 5, perDay: 12 } },
    });
    operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
    admin = await signedIn(h.app, h.ctx, { roles: ['admin'] });
  });
  afterAll(() => h.close());

  const send = (lang = 'en') => sendCode(h.app, newPhone(), { ip: newAddress(), lang });
  const capLines = () => lines.filter((l) => l.includes('SMS cap reached'));
  const noticesOf = async (who: typeof operator, lang = 'en') =>
    (await callAs<{ data: Notice[] }>(h.app, who, 'GET', noticesApi.list.path, undefined, lang))
      .data.data;

  it('refuses the code past the minute’s cap from new phones and networks, and tells operators once', async () => {
    for (let i = 0; i < 5; i++) expect((await send()).code).toBe(200);
    const en = await send();
    expect(en).toMatchObject({
      status: 429,
      code: 9000,
      errorKey: 'trials.code_platform_limit',
      message: 'Too many codes are being sent right now; please try again later',
    });
    expect(Number(en.retryAfter)).toBeGreaterThan(0);
    expect(Number(en.retryAfter)).toBeLessThanOrEqual(60);
    expect((await send('zh')).message).toBe('验证码发送繁忙，请稍后再试');

    expect(capLines()).toHaveLength(1);
    expect(JSON.parse(capLines()[0]!)).toMatchObject({
      level: 50,
      sms: { cap: 'minute', max: 5 },
    });
    for (const who of [operator, admin]) {
      const notices = (await noticesOf(who)).filter((n) => n.dynamicType === 'sms_cap_minute');
      expect(notices).toHaveLength(1);
      expect(notices[0]!.title).toBe(
        "Verification texts reached the platform's cap of 5 a minute; further sends are refused",
      );
    }
    expect((await noticesOf(operator, 'zh'))[0]!.title).toBe(
      '验证码短信已达全平台每分钟上限 5 条，超出的发送被拒绝',
    );
  });

  it('sends again in the next minute, up to the day’s cap, and tells of that cap once too', async () => {
    h.advance(minute);
    for (let i = 0; i < 5; i++) expect((await send()).code).toBe(200);
    expect((await send()).status).toBe(429);
    expect(capLines()).toHaveLength(1);
    h.advance(minute);
    for (let i = 0; i < 2; i++) expect((await send()).code).toBe(200);
    const day = await send();
    expect(day).toMatchObject({ status: 429, errorKey: 'trials.code_platform_limit' });
    expect(Number(day.retryAfter)).toBeGreaterThan(23 * 3600);
    expect(capLines()).toHaveLength(2);
    expect(JSON.parse(capLines()[1]!)).toMatchObject({ sms: { cap: 'day', max: 12 } });
    h.advance(minute);
    expect((await send()).status).toBe(429);
    expect(capLines()).toHaveLength(2);
    const types = (await noticesOf(operator)).map((n) => n.dynamicType).sort();
    expect(types).toEqual(['sms_cap_day', 'sms_cap_minute']);
  });
});

describe('with the default caps (60 a minute, 2,000 a day)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ config: { smsCaps: { perMinute: 60, perDay: 2000 } } });
  });
  afterAll(() => h.close());

  it('sends 60 codes to a flood of 300 phones from 300 networks across two processes', async () => {
    const other = await buildApp(h.ctx, { logger: false, serveWeb: false });
    await other.ready();
    try {
      const started = Date.now();
      const statuses: number[] = [];
      for (let i = 0; i < 300; i += 50) {
        const batch = await Promise.all(
          Array.from({ length: 50 }, (_, j) =>
            sendCode(j % 2 ? other : h.app, newPhone(), { ip: newAddress() }),
          ),
        );
        statuses.push(...batch.map((a) => a.status));
      }
      const seconds = (Date.now() - started) / 1000;
      const accepted = statuses.filter((s) => s === 200).length;
      console.info(`flood of 300: ${accepted} sent, ${300 - accepted} refused in ${seconds} s`);
      // The minute's window slides: a flood longer than a minute may send a little more.
      if (seconds < 60) expect(accepted).toBe(60);
      else expect(accepted).toBeLessThanOrEqual(60 * Math.ceil(seconds / 60));
      expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    } finally {
      await other.close();
    }
  }, 120_000);
});
