import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { trialsApi, type TrialApply } from '@platform/contract';
import { smsOutbox } from '../db/schema';
import type { AppContext } from '../lib/context';
import type { Answer } from './factories';

let networks = 0;
/** An IPv4 address no other call answers in this process: its own network for the send caps. */
export const newAddress = () => {
  networks += 1;
  return `10.${(networks >> 16) & 255}.${(networks >> 8) & 255}.${networks & 255}`;
};

async function answerOf<T>(
  res: Awaited<ReturnType<FastifyInstance['inject']>>,
): Promise<Answer<T> & { retryAfter: string | undefined }> {
  const retry = res.headers['retry-after'];
  return {
    ...res.json<Omit<Answer<T>, 'status'>>(),
    status: res.statusCode,
    retryAfter: typeof retry === 'string' ? retry : undefined,
  };
}

/** Asks for a trial code for `phone`, as a visitor at `ip`. */
export async function sendCode(
  app: FastifyInstance,
  phone: string,
  opts: { ip?: string; lang?: string } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: trialsApi.sendCode.path,
    query: { phone },
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { 'accept-language': opts.lang ?? 'zh' },
  });
  return answerOf<{ resendSeconds: number; validSeconds: number }>(res);
}

/** Sends the trial form as a visitor. */
export async function apply(app: FastifyInstance, body: unknown, lang = 'zh') {
  const res = await app.inject({
    method: 'POST',
    url: trialsApi.apply.path,
    headers: { 'accept-language': lang },
    payload: body as object,
  });
  return answerOf<null>(res);
}

/** A valid trial form for `phone` with `code`. */
export function trialForm(phone: string, code: string, overrides: Partial<TrialApply> = {}) {
  return {
    applicant: '王小明',
    phone,
    verificationCode: code,
    collegeName: '示范职业技术学院',
    professionalName: '物联网应用技术',
    productDirection: 'iot',
    interestedContent: '传感器与边缘计算实训',
    applyType: 0,
    ...overrides,
  } satisfies TrialApply;
}

/** The messages the outbox kept for `phone`, oldest first. */
export async function outboxOf(ctx: AppContext, phone: string) {
  return ctx.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(asc(smsOutbox.createdAt), asc(smsOutbox.id));
}

/** The six-digit code in a message's text. */
export function codeIn(text: string): string {
  const found = /\b(\d{6})\b/.exec(text);
  if (!found) throw new Error(`no code in ${text}`);
  return found[1]!;
}

/** Sends a code to `phone` from a network of its own and answers the code from the outbox. */
export async function freshCode(app: FastifyInstance, ctx: AppContext, phone: string) {
  const sent = await sendCode(app, phone, { ip: newAddress() });
  if (sent.code !== 200) throw new Error(`code for ${phone} refused: ${JSON.stringify(sent)}`);
  const messages = await outboxOf(ctx, phone);
  return codeIn(messages.at(-1)!.text);
}
