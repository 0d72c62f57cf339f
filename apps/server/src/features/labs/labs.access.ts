import { randomBytes } from 'node:crypto';
import { labGatewayPaths, labLimits, type Language } from '@platform/contract';
import type { Config } from '../../config';

export interface LabSession {
  containerId: string;
  userId: string;
  readOnly: boolean;
  language: Language;
}

interface Ticket extends LabSession {
  expiresAt: number;
  next: string;
}

export const labCookieName = 'lab_session';

/** `http://<id>.<labDomain>:<port>`: the lab's own origin. */
export function labOrigin(config: Config, containerId: string): string {
  const publicUrl = new URL(config.publicUrl);
  const port = publicUrl.port ? `:${publicUrl.port}` : '';
  return `${publicUrl.protocol}//${containerId}.${config.labDomain}${port}`;
}

/** The container id a request's Host names, or null when it is not a lab host. */
export function containerOfHost(config: Config, host: string | undefined): string | null {
  if (!host) return null;
  const name = host.toLowerCase().replace(/:\d+$/, '');
  const suffix = `.${config.labDomain}`;
  if (!name.endsWith(suffix)) return null;
  const id = name.slice(0, -suffix.length);
  return /^\d{1,20}$/.test(id) ? id : null;
}

/**
 * Single-use tickets (made by the API for a lab's owner) and the cookie sessions they become
 * on the lab's origin. Sessions end when their lab stops.
 */
export class LabAccess {
  private readonly tickets = new Map<string, Ticket>();
  private readonly sessions = new Map<string, LabSession>();

  constructor(private readonly now: () => Date) {}

  issue(session: LabSession, next: string): { ticket: string; expiresIn: number } {
    this.prune();
    const ticket = randomBytes(24).toString('base64url');
    this.tickets.set(ticket, {
      ...session,
      next,
      expiresAt: this.now().getTime() + labLimits.ticketSeconds * 1000,
    });
    return { ticket, expiresIn: labLimits.ticketSeconds };
  }

  ticketUrl(config: Config, containerId: string, ticket: string): string {
    return `${labOrigin(config, containerId)}${labGatewayPaths.ticket}?t=${encodeURIComponent(ticket)}`;
  }

  /** Trades a ticket for a session id; the ticket must be for this container and unexpired. */
  redeem(ticket: string, containerId: string): { sessionId: string; next: string } | null {
    const found = this.tickets.get(ticket);
    if (!found) return null;
    this.tickets.delete(ticket);
    if (found.containerId !== containerId || found.expiresAt < this.now().getTime()) return null;
    const sessionId = randomBytes(32).toString('base64url');
    const { next, expiresAt: _expired, ...session } = found;
    this.sessions.set(sessionId, session);
    return { sessionId, next };
  }

  session(sessionId: string | undefined, containerId: string): LabSession | null {
    if (!sessionId) return null;
    const s = this.sessions.get(sessionId);
    return s && s.containerId === containerId ? s : null;
  }

  /** Ends every ticket and session of a container (its lab stopped). */
  endContainer(containerId: string): void {
    for (const [id, s] of this.sessions)
      if (s.containerId === containerId) this.sessions.delete(id);
    for (const [id, t] of this.tickets) if (t.containerId === containerId) this.tickets.delete(id);
  }

  private prune(): void {
    const now = this.now().getTime();
    for (const [id, t] of this.tickets) if (t.expiresAt < now) this.tickets.delete(id);
  }
}
