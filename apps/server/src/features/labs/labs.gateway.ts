import fs from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { WebSocket, type RawData } from 'ws';
import {
  labCloseCodes,
  labGatewayPaths,
  labOpenPath,
  panelClientMessageSchema,
  terminalClientMessageSchema,
  ResponseCode,
  type LabPageInfo,
  type MessageKey,
  type PanelServerMessage,
} from '@platform/contract';
import { endpointTarget, endpointWebSocketUrl, LabError } from '@platform/labs';
import { t } from '../../lib/i18n';
import {
  containerOfHost,
  labCookieName,
  labOrigin,
  type LabAccess,
  type LabSession,
} from './labs.access';
import { bridgeSockets, hopByHop, type LabForwarder } from './labs.forward';
import type { ContainerEntry } from './labs.registry';
import type { LabRuntime } from './labs.runtime';
import { TerminalLines } from './labs.input';

/** Headers not passed to a lab's service: those of one connection, and the lab origin's Host. */
const notPassed = (key: string) => hopByHop.has(key) || key === 'host';

/** A client message's text: ws hands each message over as one Buffer (its default binaryType). */
const textOf = (raw: RawData) => (raw as Buffer).toString();

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The browser's cookies minus the gateway's own, for the lab's service. */
function upstreamCookies(header: string | undefined): string | undefined {
  const kept = (header ?? '')
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith(`${labCookieName}=`) && !p.startsWith(`${labCookieName}_t=`));
  return kept.length ? kept.join('; ') : undefined;
}

function pageHeaders(reply: FastifyReply, frameAncestor: string): FastifyReply {
  return reply
    .header(
      'Content-Security-Policy',
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
        `font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'self' ${frameAncestor}`,
    )
    .header('Cache-Control', 'no-cache');
}

/**
 * The lab gateway: every lab container on its own origin `<id>.<labDomain>`. The platform's
 * token never reaches these origins: a single-use ticket becomes an HttpOnly cookie for the
 * lab's host, and the gateway adds the lab's own secret towards its service.
 */
export async function labGateway(
  app: FastifyInstance,
  runtime: LabRuntime,
  access: LabAccess,
  forwarder: LabForwarder,
) {
  const { config } = app.ctx;
  const host = new RegExp(`^\\d{1,20}\\.${escapeRegExp(config.labDomain)}(:\\d+)?$`, 'i');
  const constraints = { host };
  const routeConfig = { labGateway: true };
  const platformOrigin = new URL(config.publicUrl).origin;
  const labUrl = new URL(config.publicUrl);
  const crossSiteCookie = labUrl.protocol === 'https:' || labUrl.hostname === 'localhost';
  /**
   * Where the lab origin is another site than the platform, two cookies carry the session: a
   * partitioned one that works inside the platform's frame even where third-party cookies are
   * blocked, and a plain one for new tabs the lab opens itself (Jupyter opens notebooks so).
   */
  const sessionCookies = (sessionId: string) =>
    crossSiteCookie
      ? [
          `${labCookieName}=${sessionId}; HttpOnly; Path=/; SameSite=None; Secure; Partitioned`,
          `${labCookieName}_t=${sessionId}; HttpOnly; Path=/; SameSite=None; Secure`,
        ]
      : [`${labCookieName}=${sessionId}; HttpOnly; Path=/; SameSite=Lax`];
  const sockets = new Map<string, Set<WebSocket>>();
  /** The lab's own cookies (Jupyter's `_xsrf`) must also work inside the platform's frame. */
  const crossSite = (cookie: string) =>
    /;\s*samesite=/i.test(cookie) ? cookie : `${cookie}; SameSite=None; Secure; Partitioned`;

  runtime.onStop((entry) => {
    access.endContainer(entry.id);
    for (const socket of sockets.get(entry.id) ?? [])
      socket.close(labCloseCodes.gone, 'lab stopped');
    sockets.delete(entry.id);
  });

  const track = (containerId: string, socket: WebSocket) => {
    const set = sockets.get(containerId) ?? new Set();
    set.add(socket);
    sockets.set(containerId, set);
    socket.on('close', () => set.delete(socket));
  };

  /** The session and running container a request on a lab origin is for, or null. */
  const sessionOf = (
    req: FastifyRequest,
  ): { session: LabSession; entry: ContainerEntry } | null => {
    const containerId = containerOfHost(config, req.headers.host);
    if (!containerId) return null;
    const session =
      access.session(readCookie(req.headers.cookie, labCookieName), containerId) ??
      access.session(readCookie(req.headers.cookie, `${labCookieName}_t`), containerId);
    const entry = runtime.get(containerId);
    if (!session || !entry || entry.userId !== session.userId) return null;
    return { session, entry };
  };

  /**
   * A WebSocket on a lab origin is accepted only from a page of that same lab origin: a cookie
   * alone would let any page the student visits drive their lab.
   */
  const fromOwnOrigin = (req: FastifyRequest, entry: ContainerEntry) =>
    req.headers.origin === labOrigin(config, entry.id);

  /** An answer of the gateway itself, in the platform's envelope. */
  const answer = (req: FastifyRequest, reply: FastifyReply, status: number, errorKey: MessageKey) =>
    reply
      .status(status)
      .type('application/json; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send({
        code: status === 403 ? 403 : ResponseCode.INVALID,
        errorKey,
        message: t(req, errorKey),
        requestId: req.id,
      });
  const refuse = (req: FastifyRequest, reply: FastifyReply) =>
    answer(req, reply, 403, 'labs.ticket_invalid');
  /** A page opened in a tab of its own, not in the platform's frame and not by a script. */
  const opensTab = (req: FastifyRequest) =>
    req.method === 'GET' &&
    req.headers['sec-fetch-mode'] === 'navigate' &&
    req.headers['sec-fetch-dest'] === 'document';

  app.get(
    labGatewayPaths.ticket,
    { constraints, config: routeConfig, schema: { hide: true } },
    async (req, reply) => {
      const query = req.query as { t?: string };
      const containerId = containerOfHost(config, req.headers.host);
      const redeemed = containerId && query.t ? access.redeem(query.t, containerId) : null;
      if (!redeemed) return refuse(req, reply);
      return reply
        .header('Set-Cookie', sessionCookies(redeemed.sessionId))
        .header('Cache-Control', 'no-store')
        .redirect(redeemed.next, 302);
    },
  );

  app.get(
    labGatewayPaths.info,
    { constraints, config: routeConfig, schema: { hide: true } },
    async (req, reply) => {
      const found = sessionOf(req);
      if (!found) return refuse(req, reply);
      const info: LabPageInfo = {
        containerId: found.entry.id,
        envName: found.entry.name,
        runner: found.entry.runner,
        language: found.session.language,
        readOnly: found.session.readOnly,
      };
      return reply.header('Cache-Control', 'no-store').send(info);
    },
  );

  app.get(
    labGatewayPaths.socket,
    { constraints, config: routeConfig, websocket: true, schema: { hide: true } },
    (socket, req) => {
      if (!forwarder.local) return void forwarder.forwardSocket(socket, req);
      const found = sessionOf(req);
      if (!found || !fromOwnOrigin(req, found.entry)) {
        socket.close(labCloseCodes.forbidden, 'forbidden');
        return;
      }
      const { entry, session } = found;
      if (entry.state !== 'Running') {
        socket.close(labCloseCodes.gone, 'not running');
        return;
      }
      track(entry.id, socket);
      if (entry.runner === 'terminal') attachTerminal(socket, entry, session);
      else if (entry.runner === 'simulation') attachPanel(socket, entry, session);
      else socket.close(labCloseCodes.gone, 'no socket for this lab');
    },
  );

  const attachTerminal = (socket: WebSocket, entry: ContainerEntry, session: LabSession) => {
    let shell;
    try {
      shell = runtime.driver.terminal(entry.id);
    } catch (error) {
      socket.close(labCloseCodes.gone, error instanceof LabError ? error.info.key : 'unavailable');
      return;
    }
    const lines = new TerminalLines();
    const replay = shell.replay();
    if (replay) socket.send(replay);
    const offData = shell.onData(
      (data) => socket.readyState === WebSocket.OPEN && socket.send(data),
    );
    const offExit = shell.onExit(() => socket.close(1011, 'shell exited'));
    socket.on('message', (raw: RawData) => {
      let parsed;
      try {
        parsed = terminalClientMessageSchema.safeParse(JSON.parse(textOf(raw)));
      } catch {
        return;
      }
      if (!parsed.success || session.readOnly) return;
      if (parsed.data.type === 'resize') shell.resize(parsed.data.cols, parsed.data.rows);
      else {
        shell.write(parsed.data.data);
        for (const line of lines.feed(parsed.data.data)) runtime.commandLine(entry, line);
      }
    });
    socket.on('close', () => {
      offData();
      offExit();
    });
  };

  const attachPanel = (socket: WebSocket, entry: ContainerEntry, session: LabSession) => {
    const sim = runtime.simulation(entry.id);
    if (!sim) {
      socket.close(labCloseCodes.gone, 'not running');
      return;
    }
    const send = (m: PanelServerMessage) =>
      socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify(m));
    send({
      type: 'snapshot',
      labId: entry.id,
      topicPrefix: sim.topicPrefix,
      devices: sim.snapshot(),
      readOnly: session.readOnly,
    });
    const off = sim.onMessage(send);
    socket.on('message', (raw: RawData) => {
      if (session.readOnly) return;
      try {
        const parsed = panelClientMessageSchema.safeParse(JSON.parse(textOf(raw)));
        if (parsed.success) void sim.command(parsed.data.id, parsed.data.on);
      } catch {
        // Not JSON: ignored.
      }
    });
    socket.on('close', off);
  };

  const pages: Record<string, string> = {
    terminal: 'lab-terminal.html',
    simulation: 'lab-panel.html',
  };

  const servePage = async (req: FastifyRequest, reply: FastifyReply, entry: ContainerEntry) => {
    const url = new URL(req.url, 'http://lab');
    if (url.pathname.startsWith('/assets/')) {
      const file = path.resolve(config.webDist, `.${decodeURIComponent(url.pathname)}`);
      const root = path.resolve(config.webDist, 'assets');
      if (!file.startsWith(root + path.sep) || !fs.existsSync(file))
        return answer(req, reply, 404, 'common.not_found');
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .type(
          file.endsWith('.js')
            ? 'text/javascript'
            : file.endsWith('.css')
              ? 'text/css'
              : 'application/octet-stream',
        )
        .send(fs.createReadStream(file));
    }
    if (url.pathname !== '/') return answer(req, reply, 404, 'common.not_found');
    const page = path.join(config.webDist, pages[entry.runner] ?? 'lab-terminal.html');
    if (!fs.existsSync(page)) return answer(req, reply, 404, 'common.not_found');
    return pageHeaders(reply, platformOrigin)
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(page));
  };

  const proxy = (req: FastifyRequest, reply: FastifyReply, entry: ContainerEntry) => {
    const endpoint = runtime.driver.http(entry.id);
    if (!endpoint) return answer(req, reply, 502, 'labs.not_running');
    const headers: IncomingHttpHeaders = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (!notPassed(key) && key !== 'cookie' && key !== endpoint.secretHeader.name.toLowerCase()) {
        headers[key] = value;
      }
    }
    const cookies = upstreamCookies(req.headers.cookie);
    if (cookies) headers.cookie = cookies;
    headers.host = req.headers.host;
    headers[endpoint.secretHeader.name] = endpoint.secretHeader.value;
    return new Promise<void>((resolve) => {
      const upstream = httpRequest(
        { ...endpointTarget(endpoint), method: req.method, path: req.url, headers },
        (res) => {
          const out: Record<string, string | string[]> = {};
          for (const [key, value] of Object.entries(res.headers)) {
            if (value !== undefined && !notPassed(key)) out[key] = value;
          }
          if (crossSiteCookie && res.headers['set-cookie']) {
            out['set-cookie'] = res.headers['set-cookie'].map(crossSite);
          }
          reply.hijack();
          reply.raw.writeHead(res.statusCode ?? 502, {
            ...out,
            'x-content-type-options': 'nosniff',
          });
          res.pipe(reply.raw);
          res.on('end', () => resolve());
          res.on('error', () => resolve());
        },
      );
      upstream.on('error', () => {
        if (!reply.sent) void answer(req, reply, 502, 'labs.not_running');
        resolve();
      });
      const body = req.body as NodeJS.ReadableStream | undefined;
      if (body && typeof body.pipe === 'function') body.pipe(upstream);
      else upstream.end();
    });
  };

  const proxySocket = (socket: WebSocket, req: FastifyRequest, entry: ContainerEntry) => {
    const endpoint = runtime.driver.http(entry.id);
    if (!endpoint) {
      socket.close(labCloseCodes.gone, 'not running');
      return;
    }
    track(entry.id, socket);
    const headers: Record<string, string> = {
      [endpoint.secretHeader.name]: endpoint.secretHeader.value,
      host: req.headers.host ?? 'lab',
    };
    if (req.headers.origin) headers.origin = req.headers.origin;
    const cookies = upstreamCookies(req.headers.cookie);
    if (cookies) headers.cookie = cookies;
    const protocols = req.headers['sec-websocket-protocol']?.split(',').map((p) => p.trim());
    const upstream = new WebSocket(endpointWebSocketUrl(endpoint, req.url), protocols ?? [], {
      headers,
    });
    bridgeSockets(socket, upstream);
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const found = sessionOf(req);
      if (!found && opensTab(req)) {
        const containerId = containerOfHost(config, req.headers.host)!;
        const next = encodeURIComponent(req.url);
        return reply
          .header('Cache-Control', 'no-store')
          .redirect(`${platformOrigin}${labOpenPath}/${containerId}?next=${next}`, 302);
      }
      if (!found) return refuse(req, reply);
      if (found.entry.state !== 'Running') return answer(req, reply, 503, 'labs.not_running');
      if (found.entry.runner === 'jupyter') return proxy(req, reply, found.entry);
      if (req.method !== 'GET') return answer(req, reply, 405, 'common.route_not_found');
      return servePage(req, reply, found.entry);
    };
    const getRoute: RouteOptions = {
      method: 'GET',
      url: '/*',
      constraints,
      config: routeConfig,
      schema: { hide: true },
      handler,
      wsHandler: (socket, req) => {
        if (!forwarder.local) return void forwarder.forwardSocket(socket, req);
        const found = sessionOf(req);
        if (!found || found.entry.runner !== 'jupyter' || !fromOwnOrigin(req, found.entry)) {
          socket.close(labCloseCodes.forbidden, 'forbidden');
          return;
        }
        proxySocket(socket, req, found.entry);
      },
    };
    scope.route(getRoute);
    scope.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: '/*',
      constraints,
      config: routeConfig,
      schema: { hide: true },
      handler,
    });
  });

  /** API and web routes are not served on lab origins. */
  app.addHook('onRequest', async (req, reply) => {
    if (!containerOfHost(config, req.headers.host)) return;
    if (req.routeOptions.config?.labGateway) return;
    return answer(req, reply, 404, 'common.route_not_found');
  });
}
