import { createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  formatMessage,
  splitSubjects,
  trialLimits,
  trialStatuses,
  type Lang,
  type TrialApplication,
  type TrialCodeSent,
  type trialApplySchema,
  type trialPageQuerySchema,
} from '@platform/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError, conflict, notFound } from '../../lib/errors';
import { sameDigest } from '../../lib/passwords';
import type { Actor } from '../auth/actor';
import { networkOf } from '../auth/login-throttle';
import type { FastifyBaseLogger } from 'fastify';
import { notify } from '../notices/notices.service';
import { readSetting, settingOnce, writeSetting } from '../settings/settings.service';
import type { SmsProvider } from '../sms/sms.service';
import { findProfile } from '../users/users.service';
import {
  minuteMs,
  platformRefusal,
  requireWaiting,
  sendRefusal,
  dayMs,
  hourMs,
} from './trials.policy';
import * as repo from './trials.repo';

type TrialApply = z.output<typeof trialApplySchema>;
type TrialPageQuery = z.output<typeof trialPageQuerySchema>;

const SECRET_KEY = 'trials.code_secret';
/** When operators last heard that each platform-wide cap was full (decision 0044). */
const CAP_NOTICE_KEY = 'trials.cap_notified';
const validMs = trialLimits.codeValidMinutes * minuteMs;

/** A code's field error: the envelope's message says what happened. */
const codeRefused = (key: 'trials.code_expired' | 'trials.code_exhausted') =>
  new AppError(key, { fields: { verificationCode: 'invalid_value' } });

export function presentApplication(row: repo.ApplicationRow): TrialApplication {
  return {
    id: row.id,
    applicant: row.applicant,
    phone: row.phone,
    collegeName: row.collegeName,
    professionalName: row.professionalName,
    productDirection: row.productDirection as TrialApplication['productDirection'],
    subjects: row.subjects as TrialApplication['subjects'],
    interestedContent: row.interestedContent,
    applyType: row.applyType,
    status: trialStatuses[row.status] ?? 'applying',
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    processedByName: row.processedByName,
  };
}

type Outcome =
  | { kind: 'applied' }
  | { kind: 'expired' }
  | { kind: 'wrong'; left: number }
  | { kind: 'exhausted' }
  | { kind: 'waiting' };

/**
 * Trial applications (decision 0026): verification codes with their send caps, the application
 * they prove, and the operators' list and message.
 */
export class TrialsService {
  private secret: Promise<string> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly sms: SmsProvider,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /** The key of the codes' digests, made once per database. */
  private codeSecret(): Promise<string> {
    this.secret ??= settingOnce(
      this.ctx.db,
      SECRET_KEY,
      randomBytes(32).toString('base64url'),
    ).then((value) => {
      if (typeof value !== 'string') throw new Error(`${SECRET_KEY} is not a string`);
      return value;
    });
    return this.secret;
  }

  private async digest(codeId: string, code: string): Promise<string> {
    return createHmac('sha256', await this.codeSecret())
      .update(`${codeId}:${code}`)
      .digest('hex');
  }

  /**
   * Sends a new code to the phone unless a cap refuses it; the new code supersedes the phone's
   * earlier ones. The caps are counted and the code written under locks of the network and the
   * phone, so they hold across server processes.
   */
  async sendCode(phone: string, address: string, lang: Lang): Promise<TrialCodeSent> {
    const { db, ids } = this.ctx;
    const network = networkOf(address);
    const code = String(randomInt(0, 10 ** trialLimits.codeDigits)).padStart(
      trialLimits.codeDigits,
      '0',
    );
    const id = ids.next();
    const codeHash = await this.digest(id, code);
    const capped = await db.transaction(async (tx) => {
      await repo.lockSenders(tx, network, phone);
      // Read after the locks: a send that waited for them sees the one before it as past.
      let now = this.ctx.now();
      const refused = sendRefusal(
        await repo.recentSends(tx, phone, network, now, hourMs, dayMs),
        now,
      );
      if (refused) throw refused;
      await repo.lockAllSenders(tx);
      now = this.ctx.now();
      const full = platformRefusal(
        await repo.platformSends(tx, now, minuteMs, dayMs),
        this.ctx.config.smsCaps,
        now,
      );
      if (full) {
        // Answered after the commit, which keeps the operators' notice.
        await this.noticeFullCap({ ...this.ctx, db: tx }, full.cap, full.max, now);
        return full.refusal;
      }
      await repo.spendLiveCodes(tx, phone, now);
      await repo.insertCode(tx, {
        id,
        phone,
        network,
        codeHash,
        expiresAt: new Date(now.getTime() + validMs),
        createdAt: now,
      });
      return null;
    });
    if (capped) throw capped;
    const params = { code, minutes: String(trialLimits.codeValidMinutes) };
    try {
      await this.sms.send({
        phone,
        kind: 'verification_code',
        params,
        text: formatMessage('trials.sms_code', lang, params),
      });
    } catch (error) {
      await repo.updateCode(db, id, { spentAt: this.ctx.now() });
      throw error;
    }
    return { resendSeconds: trialLimits.resendSeconds, validSeconds: validMs / 1000 };
  }

  /**
   * Tells the operators, once a day per cap, that the platform-wide cap of codes is full: an
   * error in the log and a notice to each operator and administrator. Runs under the lock of all
   * senders, so one process alone sees the cap newly full.
   */
  private async noticeFullCap(
    ctx: AppContext,
    cap: 'minute' | 'day',
    max: number,
    now: Date,
  ): Promise<void> {
    const told = ((await readSetting(ctx.db, CAP_NOTICE_KEY)) ?? {}) as Record<string, string>;
    const last = told[cap] ? Date.parse(told[cap]) : NaN;
    if (now.getTime() - last < dayMs) return;
    await writeSetting(ctx.db, CAP_NOTICE_KEY, { ...told, [cap]: now.toISOString() }, now);
    this.log.error({ sms: { cap, max } }, 'SMS cap reached');
    const event = ctx.ids.next();
    const recipients = (await repo.operatorIds(ctx.db)).map((userId) => ({
      userId,
      dynamicId: event,
    }));
    await notify(ctx, recipients, cap === 'day' ? 'sms_cap_day' : 'sms_cap_minute', {
      name: String(max),
    });
  }

  /**
   * Checks the code of the phone and records the application. A wrong code counts against the
   * code's tries; a right one is used up, whatever happens next.
   */
  async apply(body: TrialApply, lang: Lang): Promise<void> {
    const now = this.ctx.now();
    const outcome = await this.ctx.db.transaction(async (tx): Promise<Outcome> => {
      const code = await repo.lockLiveCode(tx, body.phone, now);
      if (!code) return { kind: 'expired' };
      const given = await this.digest(code.id, body.verificationCode);
      if (!sameDigest(code.codeHash, given)) {
        const attempts = code.attempts + 1;
        const spent = attempts >= trialLimits.codeAttempts;
        await repo.updateCode(tx, code.id, { attempts, ...(spent ? { spentAt: now } : {}) });
        return spent
          ? { kind: 'exhausted' }
          : { kind: 'wrong', left: trialLimits.codeAttempts - attempts };
      }
      await repo.updateCode(tx, code.id, { spentAt: now });
      if (await repo.hasWaitingApplication(tx, body.phone)) return { kind: 'waiting' };
      const direction = body.productDirection;
      await repo.insertApplication(tx, {
        id: this.ctx.ids.next(),
        applicant: body.applicant,
        phone: body.phone,
        collegeName: body.collegeName,
        professionalName: body.professionalName,
        productDirection: direction,
        subjects: direction === 'subject_llm' ? splitSubjects(body.subjects) : [],
        interestedContent: body.interestedContent ?? '',
        applyType: body.applyType ?? 0,
        lang,
        createdAt: now,
        updatedAt: now,
      });
      return { kind: 'applied' };
    });
    switch (outcome.kind) {
      case 'applied':
        return;
      case 'expired':
      case 'exhausted':
        throw codeRefused(
          outcome.kind === 'expired' ? 'trials.code_expired' : 'trials.code_exhausted',
        );
      case 'wrong':
        throw new AppError('trials.code_wrong', {
          fields: { verificationCode: 'invalid_value' },
          params: { left: outcome.left },
        });
      case 'waiting':
        throw conflict('trials.already_applied', { phone: 'invalid_value' });
    }
  }

  async list(q: TrialPageQuery) {
    const { records, total } = await repo.pageApplications(
      this.ctx.db,
      {
        keyword: q.keyword || undefined,
        status: q.status ? trialStatuses.indexOf(q.status) : undefined,
        productDirection: q.productDirection,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      },
      q.pageNum,
      q.pageSize,
    );
    return {
      records: records.map(presentApplication),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  /**
   * Sends the applicant the message that the application is taken on and marks it processed.
   * The application is claimed first, so two operators never both send; a message that cannot
   * be sent puts it back to waiting.
   */
  async sendMessage(actor: Actor, id: string): Promise<TrialApplication> {
    const { db } = this.ctx;
    const row = await repo.findApplication(db, id);
    if (!row) throw notFound('trials.not_found');
    requireWaiting(row);
    const profile = await findProfile(db, actor.userId);
    const now = this.ctx.now();
    const claimed = await repo.claimApplication(db, id, {
      processedAt: now,
      processedBy: actor.userId,
      processedByName: profile?.user.name || actor.username,
    });
    if (!claimed) throw conflict('trials.already_processed');
    const params = { applicant: claimed.applicant };
    try {
      await this.sms.send({
        phone: claimed.phone,
        kind: 'trial_message',
        params,
        text: formatMessage('trials.sms_processed', claimed.lang === 'en' ? 'en' : 'zh', params),
      });
    } catch (error) {
      await repo.releaseApplication(db, id, this.ctx.now());
      throw error;
    }
    return presentApplication(claimed);
  }
}
