import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  formatMessage,
  smsApi,
  trialsApi,
  type Page,
  type SmsOutboxMessage,
  type TrialApplication,
} from '@platform/contract';
import { smsOutbox, trialApplications } from '../../db/schema';
import { callAs, newPhone, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import {
  apply,
  freshCode,
  newAddress,
  outboxOf,
  sendCode,
  trialForm,
} from '../../test/trial-fixture';

type Who = Awaited<ReturnType<typeof signedIn>>;

describe('the outbox', () => {
  let h: Harness;
  let operator: Who;
  beforeAll(async () => {
    h = await createHarness();
    operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
  });
  afterAll(() => h.close());

  const page = (who: Who, query: Record<string, string> = {}) =>
    callAs<Page<SmsOutboxMessage>>(
      h.app,
      who,
      'GET',
      `${smsApi.outbox.path}?${new URLSearchParams(query).toString()}`,
    );

  it('shows operators and administrators the kept messages, newest first, by phone and kind', async () => {
    const phone = newPhone();
    await freshCode(h.app, h.ctx, phone);
    h.advance(61_000);
    await freshCode(h.app, h.ctx, phone);
    await freshCode(h.app, h.ctx, newPhone());
    const mine = await page(operator, { phone });
    expect(mine.data.total).toBe(2);
    const [latest, first] = mine.data.records;
    expect(latest).toMatchObject({ phone, kind: 'verification_code' });
    expect(Date.parse(latest!.createdAt)).toBeGreaterThan(Date.parse(first!.createdAt));
    expect(latest!.text).toMatch(/您的验证码为 \d{6}，10 分钟内有效/);
    const byPart = await page(operator, { phone: phone.slice(3, 9), pageSize: '1' });
    expect(byPart.data).toMatchObject({ total: 2, pageSize: 1 });
    expect((await page(operator, { phone, kind: 'trial_message' })).data.total).toBe(0);

    const admin = await signedIn(h.app, h.ctx, { roles: ['admin'] });
    expect((await page(admin, { phone })).data.total).toBe(2);
    expect((await page(operator, { phone: '13x' })).fields).toEqual({ phone: 'invalid_format' });
    expect((await page(operator, { kind: 'email' })).fields).toEqual({ kind: 'invalid_value' });
  });
});

interface Received {
  authorization: string | undefined;
  body: { phone: string; template: string; params: Record<string, string> };
}

/** A local SMS gateway: records what it gets and answers as `reply` says. */
function gateway() {
  const received: Received[] = [];
  let reply: 'ok' | 'fail' | 'hang' = 'ok';
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => resolve(text));
    });
  const server: Server = createServer((req, res) => {
    void read(req).then((text) => {
      received.push({
        authorization: req.headers.authorization,
        body: JSON.parse(text) as Received['body'],
      });
      if (reply === 'hang') return;
      res.writeHead(reply === 'ok' ? 200 : 500, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply === 'ok' ? { code: 'OK' } : { error: 'quota exceeded' }));
    });
  });
  return {
    received,
    server,
    answer(next: typeof reply) {
      reply = next;
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('the HTTP provider', () => {
  const TOKEN = 'gateway-token-7f3a9c';
  const gw = gateway();
  const logs: string[] = [];
  let h: Harness;
  let operator: Who;

  beforeAll(async () => {
    const url = await gw.listen();
    h = await createHarness({
      logger: true,
      logStream: { write: (line) => void logs.push(line) },
      config: {
        logLevel: 'info',
        sms: {
          provider: 'http',
          url,
          token: TOKEN,
          templates: { verificationCode: 'SMS_CODE_01', trialMessage: 'SMS_TRIAL_02' },
          timeoutMs: 500,
        },
      },
    });
    operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
  });
  afterEach(() => gw.answer('ok'));
  afterAll(async () => {
    await h.close();
    await gw.close();
  });

  const codeSentTo = (phone: string) => {
    const sent = gw.received.filter((r) => r.body.phone === phone).at(-1);
    if (!sent) throw new Error(`nothing sent to ${phone}`);
    return sent.body.params.code!;
  };

  it('posts the code to the gateway with its template and token, and keeps nothing in the outbox', async () => {
    const phone = newPhone();
    const sent = await sendCode(h.app, phone, { ip: newAddress(), lang: 'en' });
    expect(sent).toMatchObject({ status: 200, code: 200 });
    const [request] = gw.received.filter((r) => r.body.phone === phone);
    expect(request).toEqual({
      authorization: `Bearer ${TOKEN}`,
      body: {
        phone,
        template: 'SMS_CODE_01',
        params: { code: expect.stringMatching(/^\d{6}$/), minutes: '10' },
      },
    });
    expect(await outboxOf(h.ctx, phone)).toEqual([]);
    const done = await apply(h.app, trialForm(phone, codeSentTo(phone)));
    expect(done.code).toBe(200);
  });

  it('says the message could not be sent when the gateway refuses or hangs, and the code is void', async () => {
    for (const failure of ['fail', 'hang'] as const) {
      gw.answer(failure);
      const phone = newPhone();
      for (const lang of ['zh', 'en'] as const) {
        const res = await sendCode(h.app, phone, { ip: newAddress(), lang });
        expect(res).toMatchObject({
          status: 502,
          code: 9999,
          errorKey: 'sms.send_failed',
          message: formatMessage('sms.send_failed', lang),
        });
        h.advance(61_000);
      }
      gw.answer('ok');
      const tried = await apply(h.app, trialForm(phone, codeSentTo(phone)));
      expect(tried.errorKey).toBe('trials.code_expired');
    }
    const warnings = logs.filter((l) => l.includes('the SMS gateway did not take a message'));
    expect(warnings.some((l) => l.includes('"status":500'))).toBe(true);
    expect(warnings.some((l) => l.includes('TimeoutError'))).toBe(true);
  });

  it('sends the applicant’s message through the gateway; a failure leaves the application waiting', async () => {
    const phone = newPhone();
    await sendCode(h.app, phone, { ip: newAddress() });
    expect((await apply(h.app, trialForm(phone, codeSentTo(phone)))).code).toBe(200);
    const [row] = await h.ctx.db
      .select()
      .from(trialApplications)
      .where(eq(trialApplications.phone, phone));
    const url = `${trialsApi.sendMessage.path}?id=${row!.id}`;

    gw.answer('fail');
    const failed = await callAs(h.app, operator, 'POST', url, undefined, 'en');
    expect(failed).toMatchObject({ status: 502, errorKey: 'sms.send_failed' });
    const [waiting] = await h.ctx.db
      .select()
      .from(trialApplications)
      .where(eq(trialApplications.id, row!.id));
    expect(waiting).toMatchObject({ status: 0, processedAt: null, processedByName: null });

    gw.answer('ok');
    const sent = await callAs<TrialApplication>(h.app, operator, 'POST', url);
    expect(sent.data.status).toBe('processed');
    const message = gw.received.filter((r) => r.body.phone === phone).at(-1)!;
    expect(message.body).toEqual({
      phone,
      template: 'SMS_TRIAL_02',
      params: { applicant: '王小明' },
    });
    expect(await h.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).toEqual([]);
  });

  it('never logs a code or the token', () => {
    const all = logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(all).not.toContain(TOKEN);
    const codes = gw.received.map((r) => r.body.params.code).filter(Boolean);
    expect(codes.length).toBeGreaterThan(3);
    for (const code of codes)
      expect(all).not.toMatch(new RegExp(`(?<![0-9a-f])${code}(?![0-9a-f])`));
  });
});
