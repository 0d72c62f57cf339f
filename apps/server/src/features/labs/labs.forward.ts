import { request as httpRequest } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebSocket, type RawData } from 'ws';
import { labCloseCodes, ResponseCode, type MessageKey } from '@platform/contract';
import { t } from '../../lib/i18n';
import * as repo from './labs.repo';
import type { LabRuntime } from './labs.runtime';

/** Marks a request one process passed to the one that runs the labs. */
export const forwardedHeader = 'x-lab-forwarded';

/** Headers of one connection, not passed on. */
export const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const addressTtlMs = 2_000;

/** Passes messages both ways between a browser's WebSocket and one opened further on. */
export function bridgeSockets(socket: WebSocket, upstream: WebSocket): void {
  const queue: { data: RawData; binary: boolean }[] = [];
  socket.on('message', (data: RawData, binary: boolean) => {
    if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary });
    else queue.push({ data, binary });
  });
  upstream.on('open', () => {
    for (const m of queue.splice(0)) upstream.send(m.data, { binary: m.binary });
  });
  upstream.on('message', (data: RawData, binary: boolean) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(data, { binary });
  });
  upstream.on('close', (code: number, reason: Buffer) => {
    if (socket.readyState !== WebSocket.OPEN) return;
    try {
      socket.close(code, reason.toString());
    } catch {
      // A code that may not be sent (1005, 1006): closed without one.
      socket.close();
    }
  });
  const closeBoth = () => {
    if (socket.readyState === WebSocket.OPEN) socket.close();
    if (upstream.readyState === WebSocket.OPEN || upstream.readyState === WebSocket.CONNECTING) {
      upstream.terminate();
    }
  };
  upstream.on('error', closeBoth);
  socket.on('close', closeBoth);
}

/**
 * Where a request that acts on labs goes when this process does not run them: to the process
 * that does, at the address it recorded when it took the lead. Requests are passed on as they
 * came (body, cookies, Host), answers as they return; WebSockets are bridged.
 */
export class LabForwarder {
  private cached: { address: URL; at: number } | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly runtime: LabRuntime,
  ) {}

  /** Whether requests that act on labs are answered here. */
  get local(): boolean {
    return this.runtime.leads;
  }

  private async leaderAddress(): Promise<URL | null> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < addressTtlMs) return this.cached.address;
    const row = await repo.readLeader(this.app.ctx.db);
    if (!row) return null;
    const address = new URL(row.address);
    this.cached = { address, at: now };
    return address;
  }

  /** The labs' process cannot be reached now (it is changing over): try again shortly. */
  private unavailable(req: FastifyRequest, reply: FastifyReply) {
    this.cached = null;
    const key: MessageKey = 'labs.host_changing';
    return reply
      .status(503)
      .header('Retry-After', '1')
      .header('Cache-Control', 'no-store')
      .type('application/json; charset=utf-8')
      .send({ code: ResponseCode.BUSY, errorKey: key, message: t(req, key), requestId: req.id });
  }

  /** Passes the request to the labs' process and its answer back (from an onRequest hook). */
  async forward(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const address = req.headers[forwardedHeader] ? null : await this.leaderAddress();
    if (!address) return this.unavailable(req, reply);
    const headers: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined && !hopByHop.has(key)) headers[key] = value;
    }
    headers[forwardedHeader] = '1';
    const done = await new Promise<boolean>((resolve) => {
      const upstream = httpRequest(
        {
          protocol: address.protocol,
          hostname: address.hostname.replace(/^\[|\]$/g, ''),
          port: address.port,
          method: req.method,
          path: req.url,
          headers,
        },
        (res) => {
          const out: Record<string, string | string[]> = {};
          for (const [key, value] of Object.entries(res.headers)) {
            if (value !== undefined && !hopByHop.has(key)) out[key] = value;
          }
          reply.hijack();
          reply.raw.writeHead(res.statusCode ?? 502, out);
          res.pipe(reply.raw);
          res.on('end', () => resolve(true));
          res.on('error', () => resolve(true));
          reply.raw.on('close', () => {
            res.destroy();
            resolve(true);
          });
        },
      );
      upstream.on('error', () => resolve(reply.raw.headersSent));
      req.raw.pipe(upstream);
    });
    if (!done) return this.unavailable(req, reply);
    return reply;
  }

  /** Bridges a WebSocket that reached this process to the same path on the labs' process. */
  async forwardSocket(socket: WebSocket, req: FastifyRequest): Promise<void> {
    const address = req.headers[forwardedHeader]
      ? null
      : await this.leaderAddress().catch(() => null);
    if (!address) {
      socket.close(labCloseCodes.gone, 'lab host changing');
      return;
    }
    const headers: Record<string, string> = { [forwardedHeader]: '1' };
    for (const name of ['host', 'origin', 'cookie', 'accept-language', 'user-agent'] as const) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const protocols = req.headers['sec-websocket-protocol']?.split(',').map((p) => p.trim());
    const scheme = address.protocol === 'https:' ? 'wss:' : 'ws:';
    const upstream = new WebSocket(`${scheme}//${address.host}${req.url}`, protocols ?? [], {
      headers,
    });
    upstream.on('unexpected-response', () => {
      this.cached = null;
      upstream.terminate();
    });
    bridgeSockets(socket, upstream);
  }
}
