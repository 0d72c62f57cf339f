import { randomBytes } from 'node:crypto';
import {
  passwordGrantSchema,
  refreshGrantSchema,
  type FieldErrorCode,
  type TokenRequest,
  type TokenResponse,
} from '@platform/contract';
import type { z } from 'zod';
import { AppError, unauthorized } from '../../lib/errors';
import type { AppContext } from '../../lib/context';
import { fieldCodeOf } from '../../lib/validation';
import { newOpaqueToken, sameDigest, sha256, verifyPassword } from '../../lib/passwords';
import type { Db } from '../../db/client';
import { settingOnce } from '../settings/settings.service';
import { schoolServiceEnded } from './account-status';
import * as repo from './auth.repo';
import { announceRevocation } from './revocation';
import type { DeviceCookies } from './device-cookie';
import type { Attempt, LoginThrottle } from './login-throttle';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

export interface RequestInfo {
  ip: string;
  userAgent: string | undefined;
  /** The request's `Cookie` header (the device cookie). */
  cookie?: string | undefined;
}

export interface Granted {
  data: TokenResponse;
  /** `Set-Cookie` of the device cookie, after a password grant. */
  deviceCookie?: string;
}

/** HTTP 429 without checking the password (decision 0013). */
export function throttled(
  retryAfterMs: number,
  key: 'auth.throttled' | 'users.password_throttled' = 'auth.throttled',
): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(key, {
    status: 429,
    params: { seconds },
    headers: { 'Retry-After': String(seconds) },
  });
}

const invalidClient = () =>
  new AppError('auth.invalid_client', {
    code: 401,
    status: 401,
    headers: { 'WWW-Authenticate': 'Basic realm="platform", charset="UTF-8"' },
  });

/** Reads `Authorization: Basic base64(id:secret)`; the scheme is case-insensitive. */
export function parseBasicAuth(header: string | undefined): ClientCredentials | null {
  const m = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  if (at < 0) return null;
  const dec = (v: string) => {
    try {
      return decodeURIComponent(v.replace(/\+/g, ' '));
    } catch {
      return v;
    }
  };
  return { clientId: dec(decoded.slice(0, at)), clientSecret: dec(decoded.slice(at + 1)) };
}

/** Reads `Authorization: Bearer <token>`; the scheme is case-insensitive. */
export function parseBearer(header: string | undefined): string | null {
  const m = /^bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header ?? '');
  return m ? m[1]! : null;
}

function validate<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields: Record<string, FieldErrorCode> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path.join('.') || '_';
    fields[name] ??= fieldCodeOf(issue);
  }
  throw new AppError('common.invalid_input', { fields });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class AuthService {
  constructor(
    private readonly ctx: AppContext,
    private readonly throttle: LoginThrottle,
    private readonly devices: DeviceCookies,
  ) {}

  async authenticateClient(creds: ClientCredentials | null): Promise<repo.OAuthClient> {
    if (!creds) throw invalidClient();
    const client = await repo.findClient(this.ctx.db, creds.clientId);
    if (!client || !sameDigest(client.secretHash, sha256(creds.clientSecret)))
      throw invalidClient();
    return client;
  }

  async token(
    creds: ClientCredentials | null,
    body: TokenRequest,
    info: RequestInfo,
  ): Promise<Granted> {
    const client = await this.authenticateClient(creds);
    const grant = body.grant_type;
    if (grant !== 'password' && grant !== 'refresh_token') {
      throw new AppError('auth.unsupported_grant_type', {
        fields: { grant_type: 'invalid_value' },
      });
    }
    if (!client.grantTypes.includes(grant) || (grant === 'password' && !client.firstParty)) {
      throw new AppError('auth.unauthorized_grant', { fields: { grant_type: 'invalid_value' } });
    }
    return grant === 'password'
      ? this.passwordGrant(client, validate(passwordGrantSchema, body), info)
      : { data: await this.refreshGrant(client, validate(refreshGrantSchema, body)) };
  }

  private async passwordGrant(
    client: repo.OAuthClient,
    body: z.infer<typeof passwordGrantSchema>,
    info: RequestInfo,
  ): Promise<Granted> {
    const { db } = this.ctx;
    const now = this.ctx.now().getTime();
    const attempt: Attempt = {
      login: body.username,
      device: this.devices.deviceOf(info.cookie, body.username, now),
      address: info.ip,
    };
    const verdict = await this.throttle.admit(attempt);
    if (!verdict.allowed) throw throttled(verdict.retryAfterMs);
    if (verdict.slowdownMs > 0) await sleep(verdict.slowdownMs);

    const user = await repo.findUserByUsername(db, body.username);
    const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
    const log = {
      username: body.username,
      clientId: client.id,
      source: 'token',
      ip: info.ip,
      userAgent: info.userAgent?.slice(0, 500) ?? null,
    };
    // A refused account answers its refusal whether the password was right or not, so the
    // answer never tells a right password of an account that cannot sign in.
    const refusal = user ? await this.refusalOf(user) : null;
    if (!user || !ok || refusal) {
      await this.throttle.failed(attempt, verdict);
      await repo.insertLoginLog(db, {
        ...log,
        id: this.ctx.ids.next(),
        userId: user?.id ?? null,
        schoolId: user?.schoolId ?? null,
        success: false,
        reason: refusal?.replace(/^auth\./, '') ?? 'bad_credentials',
      });
      throw refusal ? new AppError(refusal, { status: 403 }) : new AppError('auth.bad_credentials');
    }
    await this.throttle.succeeded(attempt);
    const issued = await this.issue(client, user);
    await repo.insertLoginLog(db, {
      ...log,
      id: this.ctx.ids.next(),
      userId: user.id,
      schoolId: user.schoolId,
      success: true,
    });
    return { data: issued, deviceCookie: this.devices.issue(info.cookie, body.username, now) };
  }

  private async refreshGrant(
    client: repo.OAuthClient,
    body: z.infer<typeof refreshGrantSchema>,
  ): Promise<TokenResponse> {
    const { db } = this.ctx;
    const now = this.ctx.now();
    const presented = sha256(body.refresh_token);
    const session = await repo.findSessionByRefresh(db, presented);
    if (!session || session.clientId !== client.id || session.revokedAt) {
      throw unauthorized('auth.invalid_refresh_token');
    }
    if (session.refreshHash !== presented) {
      // A refresh token that was already rotated is being replayed: end the whole session.
      await repo.revokeSession(db, session.id, 'refresh_reuse', now);
      throw unauthorized('auth.invalid_refresh_token');
    }
    if (session.refreshExpiresAt <= now) throw unauthorized('auth.invalid_refresh_token');
    const user = await repo.findUserById(db, session.userId);
    if (!user || (await this.refusalOf(user))) {
      await repo.revokeSession(db, session.id, 'account_disabled', now);
      throw unauthorized('auth.invalid_refresh_token');
    }
    const tokens = this.newTokens(client, now);
    const rotated = await repo.rotateSession(db, session.id, presented, tokens.hashes, now);
    if (!rotated) throw unauthorized('auth.invalid_refresh_token');
    return tokens.response(user);
  }

  /** Why an account whose password is right may not sign in (management spec §4), if it may not. */
  private async refusalOf(user: {
    enabled: boolean;
    schoolId: string | null;
  }): Promise<'auth.account_disabled' | 'auth.school_disabled' | 'auth.account_expired' | null> {
    if (!user.enabled) return 'auth.account_disabled';
    if (!user.schoolId) return null;
    if (!(await repo.schoolOpen(this.ctx.db, user.schoolId))) return 'auth.school_disabled';
    if (await schoolServiceEnded(this.ctx.db, user.schoolId, this.ctx.now()))
      return 'auth.account_expired';
    return null;
  }

  private newTokens(client: repo.OAuthClient, now: Date) {
    const access = newOpaqueToken();
    const refresh = newOpaqueToken();
    const hashes = {
      accessHash: sha256(access),
      accessExpiresAt: new Date(now.getTime() + client.accessTokenSeconds * 1000),
      refreshHash: sha256(refresh),
      refreshExpiresAt: new Date(now.getTime() + client.refreshTokenSeconds * 1000),
    };
    return {
      hashes,
      response: (user: { id: string; mustChangePassword: boolean }): TokenResponse => ({
        access_token: access,
        token_type: 'bearer',
        expires_in: client.accessTokenSeconds,
        refresh_token: refresh,
        refresh_expires_in: client.refreshTokenSeconds,
        scope: 'all',
        user_id: user.id,
        must_change_password: user.mustChangePassword,
      }),
    };
  }

  private async issue(
    client: repo.OAuthClient,
    user: { id: string; mustChangePassword: boolean },
  ): Promise<TokenResponse> {
    const now = this.ctx.now();
    const tokens = this.newTokens(client, now);
    await repo.insertSession(this.ctx.db, {
      id: this.ctx.ids.next(),
      userId: user.id,
      clientId: client.id,
      ...tokens.hashes,
    });
    return tokens.response(user);
  }

  /** Ends the session of an access token, if it is still live. */
  async logout(accessToken: string | null): Promise<void> {
    if (!accessToken) return;
    const now = this.ctx.now();
    const session = await repo.findActiveSessionByAccess(this.ctx.db, sha256(accessToken), now);
    if (session) await repo.revokeSession(this.ctx.db, session.sessionId, 'logout', now);
  }

  revokeAllForUser(userId: string, reason: string) {
    return repo.revokeUserSessions(this.ctx.db, userId, reason, this.ctx.now());
  }

  cleanupExpired() {
    return repo.deleteExpiredSessions(this.ctx.db, new Date(this.ctx.now().getTime() - 86_400_000));
  }
}

/** What other features read of sign-in and do to sessions. */
export function findClient(
  ...args: Parameters<typeof repo.findClient>
): ReturnType<typeof repo.findClient> {
  return repo.findClient(...args);
}
export function findUserById(
  ...args: Parameters<typeof repo.findUserById>
): ReturnType<typeof repo.findUserById> {
  return repo.findUserById(...args);
}
export function insertLoginLog(
  ...args: Parameters<typeof repo.insertLoginLog>
): ReturnType<typeof repo.insertLoginLog> {
  return repo.insertLoginLog(...args);
}
export function revokeSchoolSessions(
  ...args: Parameters<typeof repo.revokeSchoolSessions>
): ReturnType<typeof repo.revokeSchoolSessions> {
  return repo.revokeSchoolSessions(...args);
}
export function revokeUserSessions(
  ...args: Parameters<typeof repo.revokeUserSessions>
): ReturnType<typeof repo.revokeUserSessions> {
  return repo.revokeUserSessions(...args);
}
export function rolesOfUser(
  ...args: Parameters<typeof repo.rolesOfUser>
): ReturnType<typeof repo.rolesOfUser> {
  return repo.rolesOfUser(...args);
}
export { onRevoked } from './revocation';

/** The user's signed-in sessions read the account again (its roles, say) on their next request, in every process. */
export function refreshSessionsOf(db: Db, userId: string): Promise<void> {
  return announceRevocation(db, { user: userId });
}

const DEVICE_SECRET_KEY = 'auth.device_cookie_secret';

/** The secret that signs device cookies: made once, at random, and kept for every process. */
export async function deviceCookieSecret(db: Db): Promise<string> {
  const value = await settingOnce(db, DEVICE_SECRET_KEY, randomBytes(32).toString('base64url'));
  if (typeof value !== 'string') throw new Error(`${DEVICE_SECRET_KEY} is not a string`);
  return value;
}
