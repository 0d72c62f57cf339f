import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatMessage,
  smsApi,
  trialLimits,
  trialsApi,
  type MessageKey,
  type Page,
  type TrialApplication,
} from '@platform/contract';
import { buildApp } from '../../app';
import { smsOutbox, trialApplications, trialCodes } from '../../db/schema';
import { callAs, newPhone, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import {
  apply,
  codeIn,
  freshCode,
  newAddress,
  outboxOf,
  sendCode,
  trialForm,
} from '../../test/trial-fixture';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

type Who = Awaited<ReturnType<typeof signedIn>>;
const staff = async () => ({
  operator: await signedIn(h.app, h.ctx, { roles: ['operator'] }),
  admin: await signedIn(h.app, h.ctx, { roles: ['admin'] }),
});

const applicationsOf = (phone: string) =>
  h.ctx.db.select().from(trialApplications).where(eq(trialApplications.phone, phone));

/** A refusal in both languages: the status, the key and each language's text. */
async function refusedInBoth(
  send: (
    lang: string,
  ) => Promise<{ status: number; code: number; message: string; errorKey?: string }>,
  status: number,
  key: MessageKey,
  params?: Record<string, number>,
) {
  for (const lang of ['zh', 'en'] as const) {
    const res = await send(lang);
    expect(res, `${key} in ${lang}`).toMatchObject({
      status,
      code: 9000,
      errorKey: key,
      message: formatMessage(key, lang, params),
    });
  }
}

describe('verification codes', () => {
  it('sends six random digits in the caller’s language and keeps only a keyed digest', async () => {
    const phone = newPhone();
    const sent = await sendCode(h.app, phone, { ip: newAddress(), lang: 'en' });
    expect(sent).toMatchObject({
      status: 200,
      code: 200,
      message: 'The verification code has been sent',
      data: { resendSeconds: 60, validSeconds: 600 },
    });
    const [message] = await outboxOf(h.ctx, phone);
    const code = codeIn(message!.text);
    expect(code).toMatch(/^\d{6}$/);
    expect(message).toMatchObject({ kind: 'verification_code' });
    expect(message!.text).toBe(formatMessage('trials.sms_code', 'en', { code, minutes: 10 }));
    const [row] = await h.ctx.db.select().from(trialCodes).where(eq(trialCodes.phone, phone));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);

    const zhPhone = newPhone();
    await sendCode(h.app, zhPhone, { ip: newAddress(), lang: 'zh-CN' });
    const [zh] = await outboxOf(h.ctx, zhPhone);
    expect(zh!.text).toContain('您的验证码为');
    const codes = new Set<string>();
    for (let i = 0; i < 8; i++) codes.add(await freshCode(h.app, h.ctx, newPhone()));
    expect(codes.size).toBeGreaterThan(6);
  });

  it('proves the phone once: the right code makes the application, then it is used up', async () => {
    const phone = newPhone();
    const code = await freshCode(h.app, h.ctx, phone);
    const done = await apply(h.app, trialForm(phone, code), 'en');
    expect(done).toMatchObject({
      status: 200,
      code: 200,
      message: 'Thank you! We will contact you soon',
    });
    const [row] = await applicationsOf(phone);
    expect(row).toMatchObject({
      applicant: '王小明',
      collegeName: '示范职业技术学院',
      productDirection: 'iot',
      subjects: [],
      status: 0,
      lang: 'en',
    });
    await refusedInBoth(
      (lang) => apply(h.app, trialForm(phone, code, { applicant: '李四' }), lang),
      400,
      'trials.code_expired',
    );
    expect(await applicationsOf(phone)).toHaveLength(1);
  });

  it('refuses a code that is 10 minutes old, and takes one a second younger', async () => {
    const early = newPhone();
    const late = newPhone();
    const earlyCode = await freshCode(h.app, h.ctx, early);
    const lateCode = await freshCode(h.app, h.ctx, late);
    h.advance(10 * minute - second);
    expect((await apply(h.app, trialForm(early, earlyCode))).code).toBe(200);
    h.advance(second);
    const expired = await apply(h.app, trialForm(late, lateCode));
    expect(expired).toMatchObject({
      status: 400,
      errorKey: 'trials.code_expired',
      fields: { verificationCode: 'invalid_value' },
    });
  });

  it('counts wrong entries and spends the code at the fifth', async () => {
    const phone = newPhone();
    const code = await freshCode(h.app, h.ctx, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = trialLimits.codeAttempts - 1; left >= 1; left--) {
      const res = await apply(h.app, trialForm(phone, wrong), left % 2 ? 'en' : 'zh');
      expect(res).toMatchObject({
        status: 400,
        errorKey: 'trials.code_wrong',
        message: formatMessage('trials.code_wrong', left % 2 ? 'en' : 'zh', { left }),
        fields: { verificationCode: 'invalid_value' },
      });
    }
    const fifth = await apply(h.app, trialForm(phone, wrong), 'en');
    expect(fifth).toMatchObject({
      status: 400,
      errorKey: 'trials.code_exhausted',
      message: formatMessage('trials.code_exhausted', 'en'),
    });
    expect((await apply(h.app, trialForm(phone, code))).errorKey).toBe('trials.code_expired');
    expect(await applicationsOf(phone)).toEqual([]);
  });

  it('refuses without a code sent, and a newer code supersedes the older one', async () => {
    const phone = newPhone();
    expect((await apply(h.app, trialForm(phone, '123456'))).errorKey).toBe('trials.code_expired');
    const first = await freshCode(h.app, h.ctx, phone);
    h.advance(minute);
    const latest = await freshCode(h.app, h.ctx, phone);
    if (first !== latest)
      expect((await apply(h.app, trialForm(phone, first))).errorKey).toBe('trials.code_wrong');
    expect((await apply(h.app, trialForm(phone, latest))).code).toBe(200);
  });

  it('keeps one waiting application per phone', async () => {
    const phone = newPhone();
    expect((await apply(h.app, trialForm(phone, await freshCode(h.app, h.ctx, phone)))).code).toBe(
      200,
    );
    h.advance(minute);
    const again = await freshCode(h.app, h.ctx, phone);
    const res = await apply(h.app, trialForm(phone, again, { applicant: '王二' }), 'en');
    expect(res).toMatchObject({
      status: 409,
      errorKey: 'trials.already_applied',
      message: formatMessage('trials.already_applied', 'en'),
      fields: { phone: 'invalid_value' },
    });
    expect(await applicationsOf(phone)).toHaveLength(1);
  });
});

describe('the trial form', () => {
  const long = (n: number) => '测'.repeat(n);
  /** Each rule of platform spec §5: the field, a value, and the field error it gets. */
  const refusals: [string, Record<string, unknown>, string][] = [
    ['applicant', { applicant: undefined }, 'required'],
    ['applicant', { applicant: '   ' }, 'required'],
    ['applicant', { applicant: long(21) }, 'too_long'],
    ['phone', { phone: undefined }, 'required'],
    ['phone', { phone: '' }, 'required'],
    ['phone', { phone: '139123456789' }, 'too_long'],
    ['phone', { phone: '12912345678' }, 'invalid_format'],
    ['phone', { phone: '1391234567' }, 'invalid_format'],
    ['phone', { phone: '1391234567a' }, 'invalid_format'],
    ['verificationCode', { verificationCode: undefined }, 'required'],
    ['verificationCode', { verificationCode: ' ' }, 'required'],
    ['verificationCode', { verificationCode: '123456789' }, 'too_long'],
    ['collegeName', { collegeName: undefined }, 'required'],
    ['collegeName', { collegeName: long(51) }, 'too_long'],
    ['professionalName', { professionalName: '' }, 'required'],
    ['professionalName', { professionalName: long(51) }, 'too_long'],
    ['productDirection', { productDirection: undefined }, 'required'],
    ['productDirection', { productDirection: 'blockchain' }, 'invalid_value'],
    ['subjects', { productDirection: 'subject_llm' }, 'required'],
    ['subjects', { productDirection: 'subject_llm', subjects: ' , ' }, 'required'],
    [
      'subjects',
      { productDirection: 'subject_llm', subjects: 'digital_human,poetry' },
      'invalid_value',
    ],
    [
      'subjects',
      { productDirection: 'subject_llm', subjects: 'digital_human,digital_human' },
      'invalid_value',
    ],
    ['interestedContent', { interestedContent: long(101) }, 'too_long'],
    ['applyType', { applyType: 10 }, 'invalid_value'],
  ];

  it.each(refusals)('refuses %s: %j as %s, in Chinese and English', async (field, change, code) => {
    const phone = newPhone();
    const body = { ...trialForm(phone, '123456'), ...change };
    for (const lang of ['zh', 'en'] as const) {
      const res = await apply(h.app, body, lang);
      expect(res).toMatchObject({
        status: 400,
        code: 9000,
        errorKey: 'common.invalid_input',
        message: formatMessage('common.invalid_input', lang),
      });
      expect(res.fields?.[field], JSON.stringify(res.fields)).toBe(code);
    }
  });

  it('trims every text but the interested content, and keeps subjects only for the subject model', async () => {
    const phone = newPhone();
    const code = await freshCode(h.app, h.ctx, phone);
    const res = await apply(h.app, {
      applicant: `  ${long(20)}  `,
      phone: ` ${phone} `,
      verificationCode: ` ${code} `,
      collegeName: ` ${long(50)} `,
      professionalName: ' 人工智能技术应用 ',
      productDirection: 'subject_llm',
      subjects: ' teaching_assistant, digital_human ',
      interestedContent: `  ${long(96)}  `,
    });
    expect(res.code).toBe(200);
    const [row] = await applicationsOf(phone);
    expect(row).toMatchObject({
      applicant: long(20),
      collegeName: long(50),
      professionalName: '人工智能技术应用',
      subjects: ['teaching_assistant', 'digital_human'],
      interestedContent: `  ${long(96)}  `,
    });

    const other = newPhone();
    const otherCode = await freshCode(h.app, h.ctx, other);
    const plain = trialForm(other, otherCode, {
      subjects: 'digital_human',
      interestedContent: null,
    });
    expect((await apply(h.app, plain)).code).toBe(200);
    expect((await applicationsOf(other))[0]).toMatchObject({ subjects: [], interestedContent: '' });
  });

  it('refuses a phone that is not a mainland mobile number before sending anything', async () => {
    for (const phone of ['', '1234', '12912345678', '139123456789']) {
      const res = await sendCode(h.app, phone, { ip: newAddress(), lang: 'en' });
      expect(res).toMatchObject({ status: 400, code: 9000, errorKey: 'common.invalid_input' });
      expect(res.fields?.phone).toBeTruthy();
    }
    const trimmed = newPhone();
    expect((await sendCode(h.app, ` ${trimmed} `, { ip: newAddress() })).code).toBe(200);
    expect(await outboxOf(h.ctx, trimmed)).toHaveLength(1);
  });
});

describe('send caps', () => {
  it('sends a phone one code a minute, five an hour and ten a day', async () => {
    const phone = newPhone();
    const ip = newAddress();
    const send = (lang = 'zh') => sendCode(h.app, phone, { ip, lang });
    expect((await send()).code).toBe(200);
    h.advance(20 * second);
    await refusedInBoth(send, 429, 'trials.code_too_soon', { seconds: 40 });
    expect((await send()).retryAfter).toBe('40');
    h.advance(40 * second);
    expect((await send()).code).toBe(200);
    for (let i = 0; i < 3; i++) {
      h.advance(minute);
      expect((await send()).code).toBe(200);
    }
    h.advance(minute);
    const hourFull = await send('en');
    expect(hourFull).toMatchObject({ status: 429, errorKey: 'trials.code_phone_limit' });
    // The test clock runs on from the real one: a slow machine's seconds show in the wait.
    expect(Number(hourFull.retryAfter)).toBeGreaterThanOrEqual(55 * 60 - 3);
    expect(Number(hourFull.retryAfter)).toBeLessThanOrEqual(55 * 60);
    await refusedInBoth(send, 429, 'trials.code_phone_limit');
    h.advance(55 * minute);
    for (let i = 0; i < 5; i++) {
      expect((await send()).code, `send ${6 + i}`).toBe(200);
      h.advance(minute);
    }
    h.advance(hour);
    const dayFull = await send();
    expect(dayFull).toMatchObject({ status: 429, errorKey: 'trials.code_phone_limit' });
    const wait = Number(dayFull.retryAfter) * second;
    expect(wait).toBeGreaterThanOrEqual(day - (hour + 5 * minute + hour) - 3 * second);
    expect(wait).toBeLessThanOrEqual(day - (hour + 5 * minute + hour));
    h.advance(wait);
    expect((await send()).code).toBe(200);
    expect(await outboxOf(h.ctx, phone)).toHaveLength(11);
  });

  it('sends at most twenty codes an hour for one network, IPv6 counted by its /64', async () => {
    const ip = newAddress();
    for (let i = 0; i < trialLimits.networkPerHour; i++)
      expect((await sendCode(h.app, newPhone(), { ip })).code).toBe(200);
    await refusedInBoth(
      (lang) => sendCode(h.app, newPhone(), { ip, lang }),
      429,
      'trials.code_network_limit',
    );
    expect((await sendCode(h.app, newPhone(), { ip: newAddress() })).code).toBe(200);

    const v6 = (host: number) => `2001:db8:7:1::${host.toString(16)}`;
    for (let i = 1; i <= trialLimits.networkPerHour; i++)
      expect((await sendCode(h.app, newPhone(), { ip: v6(i) })).code).toBe(200);
    const sameNetwork = await sendCode(h.app, newPhone(), { ip: '2001:db8:7:1:ffff::1' });
    expect(sameNetwork.errorKey).toBe('trials.code_network_limit');
    expect((await sendCode(h.app, newPhone(), { ip: '2001:db8:7:2::1' })).code).toBe(200);
    h.advance(hour);
    expect((await sendCode(h.app, newPhone(), { ip })).code).toBe(200);
  });

  it('lets 1,000 requests for many phones from one address send no more than the caps allow', async () => {
    const ip = newAddress();
    const phones = Array.from({ length: 1000 }, () => newPhone());
    const sentTo = async () =>
      (await h.ctx.db.select().from(smsOutbox).where(inArray(smsOutbox.phone, phones))).length;
    const burst = async (from: number) => {
      const answers: number[] = [];
      for (let i = 0; i < 1000; i += 50) {
        const batch = await Promise.all(
          Array.from({ length: 50 }, (_, j) =>
            sendCode(h.app, phones[(from + i + j) % phones.length]!, { ip }),
          ),
        );
        answers.push(...batch.map((a) => a.status));
      }
      return answers;
    };
    const first = await burst(0);
    expect(first.filter((s) => s === 200)).toHaveLength(trialLimits.networkPerHour);
    expect(first.every((s) => s === 200 || s === 429)).toBe(true);
    expect(await sentTo()).toBe(trialLimits.networkPerHour);
    h.advance(hour);
    await burst(500);
    expect(await sentTo()).toBe(2 * trialLimits.networkPerHour);
  }, 120_000);

  it('holds the caps across two server processes on one database', async () => {
    const other = await buildApp(h.ctx, { logger: false, serveWeb: false });
    await other.ready();
    try {
      const phone = newPhone();
      const ip = newAddress();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => sendCode(i % 2 ? other : h.app, phone, { ip })),
      );
      expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
      expect(await outboxOf(h.ctx, phone)).toHaveLength(1);
      const phones = Array.from({ length: 40 }, () => newPhone());
      const many = await Promise.all(
        phones.map((p, i) => sendCode(i % 2 ? other : h.app, p, { ip: '10.255.0.1' })),
      );
      expect(many.filter((a) => a.code === 200)).toHaveLength(trialLimits.networkPerHour);
    } finally {
      await other.close();
    }
  });
});

describe('trial management', () => {
  let operator: Who;
  let admin: Who;
  beforeAll(async () => {
    ({ operator, admin } = await staff());
  });

  type Caller = Pick<Who, 'headers'> | { headers: Record<string, string> };
  const list = (who: Caller, query: Record<string, string> = {}) =>
    callAs<Page<TrialApplication>>(
      h.app,
      who,
      'GET',
      `${trialsApi.list.path}?${new URLSearchParams(query).toString()}`,
    );
  const sendMessage = (who: Caller, id: string, lang = 'en') =>
    callAs<TrialApplication>(
      h.app,
      who,
      'POST',
      `${trialsApi.sendMessage.path}?id=${id}`,
      undefined,
      lang,
    );

  /** Applies for `phone` with the form's `overrides`; answers the application's id. */
  async function applied(overrides: Parameters<typeof trialForm>[2] = {}, lang = 'zh') {
    const phone = overrides.phone ?? newPhone();
    const code = await freshCode(h.app, h.ctx, phone);
    const res = await apply(h.app, trialForm(phone, code, overrides), lang);
    if (res.code !== 200) throw new Error(JSON.stringify(res));
    return (await applicationsOf(phone))[0]!.id;
  }

  it('lists applications newest first, filtered and paged', async () => {
    const marker = `甲${Date.now() % 100000}`;
    const a = await applied({ applicant: `${marker}张`, collegeName: '北方学院' });
    h.advance(second);
    const b = await applied({
      applicant: '李雷',
      collegeName: `${marker}南方学院`,
      productDirection: 'subject_llm',
      subjects: 'digital_human,subject_model',
    });
    h.advance(second);
    const phone = `139${String(Date.now()).slice(-8)}`;
    const c = await applied({ phone, applicant: '韩梅梅', productDirection: 'ai' });

    const all = await list(operator, { keyword: marker });
    expect(all.data.total).toBe(2);
    expect(all.data.records.map((r) => r.id)).toEqual([b, a]);
    expect(all.data.records[0]).toMatchObject({
      productDirection: 'subject_llm',
      subjects: ['digital_human', 'subject_model'],
      status: 'applying',
      processedAt: null,
      processedByName: null,
    });
    expect((await list(admin, { keyword: phone.slice(2) })).data.records.map((r) => r.id)).toEqual([
      c,
    ]);
    const byDirection = await list(operator, { keyword: marker, productDirection: 'subject_llm' });
    expect(byDirection.data.records.map((r) => r.id)).toEqual([b]);
    const paged = await list(operator, { keyword: marker, pageNum: '2', pageSize: '1' });
    expect(paged.data).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(paged.data.records.map((r) => r.id)).toEqual([a]);

    const [rowB] = await h.ctx.db
      .select()
      .from(trialApplications)
      .where(eq(trialApplications.id, b));
    const at = rowB!.createdAt.getTime();
    const range = (from: number, to: number) =>
      list(operator, {
        keyword: marker,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
      });
    expect((await range(at, at + minute)).data.records.map((r) => r.id)).toEqual([b]);
    expect((await range(at - hour, at - 1)).data.records.map((r) => r.id)).toEqual([a]);
    const backwards = await range(at, at - minute);
    expect(backwards).toMatchObject({ status: 400, fields: { to: 'invalid_value' } });
    const tooLong = await range(at - 400 * day, at);
    expect(tooLong).toMatchObject({ status: 400, fields: { to: 'too_long' } });
    expect((await list(operator, { status: 'done' })).fields).toEqual({ status: 'invalid_value' });
  });

  it('sends the applicant the message in their language and marks the application processed', async () => {
    const phone = newPhone();
    const id = await applied({ phone, applicant: 'Alice Wang' }, 'en');
    const res = await sendMessage(operator, id, 'zh');
    expect(res).toMatchObject({ status: 200, code: 200, message: '短信已发送，申请已处理' });
    expect(res.data).toMatchObject({
      id,
      status: 'processed',
      processedByName: `Name ${operator.username}`,
    });
    expect(Math.abs(Date.parse(res.data.processedAt!) - h.ctx.now().getTime())).toBeLessThan(
      minute,
    );
    const messages = await outboxOf(h.ctx, phone);
    expect(messages.at(-1)).toMatchObject({
      kind: 'trial_message',
      text: formatMessage('trials.sms_processed', 'en', { applicant: 'Alice Wang' }),
    });
    const processed = await list(operator, { keyword: phone, status: 'processed' });
    expect(processed.data.records.map((r) => r.id)).toEqual([id]);
    expect((await list(operator, { keyword: phone, status: 'applying' })).data.total).toBe(0);

    for (const lang of ['zh', 'en'] as const) {
      const again = await sendMessage(admin, id, lang);
      expect(again).toMatchObject({
        status: 409,
        errorKey: 'trials.already_processed',
        message: formatMessage('trials.already_processed', lang),
      });
    }
    expect(await outboxOf(h.ctx, phone)).toHaveLength(messages.length);
    const missing = await sendMessage(operator, '42');
    expect(missing).toMatchObject({ status: 404, errorKey: 'trials.not_found' });
  });

  it('sends one message when two operators click at once', async () => {
    const phone = newPhone();
    const id = await applied({ phone });
    const answers = await Promise.all([sendMessage(operator, id), sendMessage(admin, id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await outboxOf(h.ctx, phone)).filter((m) => m.kind === 'trial_message')).toHaveLength(
      1,
    );
  });

  it('lets a phone apply again once its application is processed', async () => {
    const phone = newPhone();
    const id = await applied({ phone });
    expect((await sendMessage(operator, id)).code).toBe(200);
    h.advance(minute);
    await applied({ phone, applicant: '再次申请' });
    expect(await applicationsOf(phone)).toHaveLength(2);
  });

  it('is for operators and platform administrators only', async () => {
    const id = await applied();
    const others = [
      await signedIn(h.app, h.ctx, { roles: ['aiot-product-manager'] }),
      await signedIn(h.app, h.ctx, { roles: ['case-developer'] }),
    ];
    for (const who of others) {
      expect((await list(who)).status).toBe(403);
      expect((await sendMessage(who, id)).status).toBe(403);
      const outbox = await callAs(h.app, who, 'GET', smsApi.outbox.path);
      expect(outbox.status).toBe(403);
    }
    const anonymous = { headers: {} };
    expect((await list(anonymous)).status).toBe(401);
    expect((await sendMessage(anonymous, id)).status).toBe(401);
    const [row] = await h.ctx.db
      .select()
      .from(trialApplications)
      .where(eq(trialApplications.id, id));
    expect(row!.status).toBe(0);
  });
});
