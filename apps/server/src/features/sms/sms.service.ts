import type { FastifyBaseLogger } from 'fastify';
import {
  ResponseCode,
  type SmsKind,
  type SmsOutboxMessage,
  type smsOutboxQuerySchema,
} from '@platform/contract';
import type { z } from 'zod';
import type { SmsConfig } from '../../config';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import * as repo from './sms.repo';

type OutboxQuery = z.output<typeof smsOutboxQuerySchema>;
type HttpSmsConfig = Extract<SmsConfig, { provider: 'http' }>;

/** A text message to one phone. */
export interface SmsMessage {
  phone: string;
  kind: SmsKind;
  /** The parameters of the gateway's template for the kind. */
  params: Record<string, string>;
  /** The whole text, in the recipient's language (what the outbox keeps). */
  text: string;
}

/** Where text messages go (decision 0026). A message that cannot be sent fails with `sms.send_failed`. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

const sendFailed = () =>
  new AppError('sms.send_failed', { status: 502, code: ResponseCode.FAILED });

/** Keeps every message in the outbox table, where operators read it; nothing leaves the platform. */
export class OutboxSmsProvider implements SmsProvider {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'ids' | 'now'>) {}

  async send(message: SmsMessage): Promise<void> {
    await repo.insertOutboxMessage(this.ctx.db, {
      id: this.ctx.ids.next(),
      phone: message.phone,
      kind: message.kind,
      text: message.text,
      createdAt: this.ctx.now(),
    });
  }
}

const templateOf: Record<SmsKind, keyof HttpSmsConfig['templates']> = {
  verification_code: 'verificationCode',
  trial_message: 'trialMessage',
};

/** Why a request to the gateway failed, without its address, token or body. */
function failureOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'unknown';
}

/**
 * Posts each message to an SMS gateway as JSON, `{ phone, template, params }`, with the token as
 * a bearer credential; any 2xx answer means the gateway took it. The log says which kind of
 * message failed and how, never the code, the token or the gateway's answer.
 */
export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly config: HttpSmsConfig,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    let failure: { status?: number; error?: string };
    try {
      const res = await fetch(this.config.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.config.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          phone: message.phone,
          template: this.config.templates[templateOf[message.kind]],
          params: message.params,
        }),
        redirect: 'error',
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      await res.body?.cancel();
      if (res.ok) return;
      failure = { status: res.status };
    } catch (error) {
      failure = { error: failureOf(error) };
    }
    this.log.warn(
      { sms: { kind: message.kind, ...failure } },
      'the SMS gateway did not take a message',
    );
    throw sendFailed();
  }
}

/** The provider the configuration names. */
export function createSmsProvider(
  ctx: Pick<AppContext, 'config' | 'db' | 'ids' | 'now'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): SmsProvider {
  const { sms } = ctx.config;
  return sms.provider === 'http' ? new HttpSmsProvider(sms, log) : new OutboxSmsProvider(ctx);
}

function presentMessage(row: repo.OutboxRow): SmsOutboxMessage {
  return {
    id: row.id,
    phone: row.phone,
    kind: row.kind as SmsKind,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

export class SmsService {
  constructor(private readonly ctx: AppContext) {}

  async outbox(q: OutboxQuery) {
    const { records, total } = await repo.pageOutbox(this.ctx.db, q, q.pageNum, q.pageSize);
    return {
      records: records.map(presentMessage),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }
}
