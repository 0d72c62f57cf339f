import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ResponseCode, systemApi, type Access, type AnyRoute } from '@platform/contract';
import type { ZodType } from 'zod';
import { canonicalPage } from './lib/canonical-address';
import type { AppContext } from './lib/context';
import { envelopePlugin } from './lib/envelope';
import { errorSummary } from './lib/error-log';
import { clientErrorHandler, frameworkErrors } from './lib/http-faults';
import { inputGuard } from './lib/input-guard';
import { serve } from './lib/serve';
import { t } from './lib/i18n';
import { swaggerOptions } from './openapi/document';
import { authPlugin } from './features/auth/auth.plugin';
import { permissionsOf } from './features/menus/menus.permissions';
import { registerFeatures } from './features';
import { Scheduler } from './lib/scheduler';
import type { ThrottleOptions } from './features/auth/login-throttle';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Served on lab origins only (see labs.gateway.ts). */
  labGateway: boolean;
  /** Answers WebSocket upgrades. */
  websocket: boolean;
  /** Who may call it, as the contract declares; routes outside the contract have none. */
  access: Access | undefined;
  /** Where it is answered, as the contract declares (`lab-leader`: by the process running labs). */
  runsOn: AnyRoute['runsOn'];
  /** The route's input schemas, as declared; the bad-input walk generates requests from them. */
  schema: {
    params?: ZodType;
    querystring?: ZodType;
    body?: ZodType;
    consumes?: readonly string[];
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registers, in order; the tenant isolation and bad-input tests walk them. */
    registeredRoutes: readonly RegisteredRoute[];
    /** Where features declare the work they do on an interval. */
    scheduler: Scheduler;
  }
}

export interface BuildOptions {
  logger?: boolean;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: { write(line: string): void };
  throttle?: ThrottleOptions;
  serveWeb?: boolean;
}

const SECRET_PARAMS = /([?&](?:token|access_token|refresh_token|password)=)[^&#]*/gi;

/** A mainland mobile number, alone or after the country code 86, anywhere in a text. */
const MOBILE_NUMBER = /(?<!\d)((?:86)?1[3-9]\d)\d{4}(\d{4})(?!\d)/g;

/** A text fit for the logs: each mobile number in it shows its first 3 and last 4 digits only. */
export function maskPhones(text: string): string {
  return text.replace(MOBILE_NUMBER, '$1****$2');
}

/**
 * A request URL fit for the logs: tokens and passwords in the query are masked, and so is every
 * mobile number (a trial's `phone`, a search keyword) as 138****5678.
 */
export function redactUrl(url: string): string {
  return maskPhones(url.replace(SECRET_PARAMS, '$1***'));
}

/**
 * The API documentation's pages and assets (Swagger UI): its own files only and no inline script;
 * inline styles as in the web app, since Swagger UI adds a style element of its own.
 */
export const docsCsp =
  "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; " +
  "base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

const API_PREFIXES = ['/api-', '/api/', '/openapi/'];
const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api';

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: ctx.config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: redactUrl(req.url).slice(0, 300),
                ip: req.ip,
              }),
              err: errorSummary,
            },
          },
    trustProxy:
      typeof ctx.config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (ctx.config.trustProxy as number)
        : ctx.config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as RegisteredRoute['schema'];
    for (const method of methods)
      if (method !== 'HEAD' && method !== 'OPTIONS')
        registeredRoutes.push({
          method,
          url: route.url,
          labGateway: Boolean(route.config?.labGateway),
          websocket: Boolean(route.websocket || route.wsHandler),
          access: route.config?.access,
          runsOn: route.config?.runsOn,
          schema: {
            ...(schema.params ? { params: schema.params } : {}),
            ...(schema.querystring ? { querystring: schema.querystring } : {}),
            ...(schema.body ? { body: schema.body } : {}),
            ...(schema.consumes ? { consumes: schema.consumes } : {}),
          },
        });
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    const canonical = canonicalPage(ctx.config.publicUrl, {
      method: req.method,
      url: req.url,
      host: req.headers.host,
      accept: req.headers.accept,
    });
    if (canonical) return reply.redirect(canonical, 308);
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    const labRoute = req.routeOptions.config?.labGateway;
    if (!labRoute) {
      const publicUrl = new URL(ctx.config.publicUrl);
      const labs = `${publicUrl.protocol}//*.${ctx.config.labDomain}${publicUrl.port ? `:${publicUrl.port}` : ''}`;
      const frames = ` ${labs}${ctx.config.aiChatUrl ? ` ${new URL(ctx.config.aiChatUrl).origin}` : ''}`;
      reply.header(
        'Content-Security-Policy',
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
          `font-src 'self' data:; connect-src 'self'; frame-src 'self'${frames}; object-src 'none'; base-uri 'self'; frame-ancestors 'self'`,
      );
    }
  });

  // An empty body sent as JSON (common for POSTs without a payload) counts as no body.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') done(null, undefined);
    else void jsonParser(req, body as string, done);
  });
  await app.register(formbody);
  // JSON and text above 1 KB go out compressed; files and lab traffic go out as they are. Brotli
  // at a middle quality: the highest costs a hundred times the CPU for a few percent.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^(application\/json|text\/(html|css|plain|javascript)|application\/javascript)\b/,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(envelopePlugin);
  await app.register(inputGuard);
  await app.register(swagger, swaggerOptions);
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No badge from validator.swagger.io: the page loads nothing from elsewhere.
    uiConfig: { validatorUrl: null },
    staticCSP: docsCsp,
  });
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  await app.register(authPlugin, { throttle: opts.throttle, permissionsOf });

  serve(app, systemApi.health, async (_req, reply) => reply.ok({ status: 'up' as const }));
  const scheduler = new Scheduler(ctx.leader, app.log);
  app.decorate('scheduler', scheduler);
  app.addHook('preClose', () => scheduler.close());
  await registerFeatures(app);

  const webIndex = path.join(ctx.config.webDist, 'index.html');
  const serveWeb = opts.serveWeb !== false && fs.existsSync(webIndex);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: ctx.config.webDist,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: (res, file) => {
        res.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const isAsset = req.url.startsWith('/assets/');
    if (
      !isApiPath(req.url) &&
      !isAsset &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      serveWeb
    ) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      code: ResponseCode.INVALID,
      message: t(req, 'common.route_not_found'),
      errorKey: 'common.route_not_found',
      requestId: req.id,
    });
  });

  return app;
}
