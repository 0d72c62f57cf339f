import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import {
  envelopeOf,
  isEventStream,
  type Access,
  type Answer,
  type AnyRoute,
  type RouteParsed,
} from '@platform/contract';
import { inRoute } from './route-scope';

/** The hooks that enforce a declared access: sign-in before validation, the rest after it. */
export interface AccessHooks {
  onRequest?: onRequestHookHandler;
  preHandler?: preHandlerHookHandler;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route, as its contract declares. */
    access?: Access;
    /** Where the route is answered, as its contract declares (`labs.forward.ts`). */
    runsOn?: AnyRoute['runsOn'];
  }
  interface FastifyInstance {
    /** Enforcement of a route's declared access (the auth feature provides it). */
    accessHooks: (access: Access) => AccessHooks;
  }
}

/** A request to a contract route, with its input as validated. */
export type Served<D extends AnyRoute> = Omit<FastifyRequest, 'params' | 'query' | 'body'> &
  RouteParsed<D>;

type Handler<D extends AnyRoute> = (req: Served<D>, reply: FastifyReply) => unknown;

/** The answer as the API document states it: the envelope, an event stream, or undescribed. */
function responseOf(answer: Answer) {
  if (answer === 'file') return {};
  if (isEventStream(answer))
    return {
      response: {
        200: {
          description: `Server-sent events named \`${answer.eventStream.event}\`, each with this JSON as its data`,
          content: { 'text/event-stream': { schema: answer.eventStream.data } },
        },
      },
    };
  return { response: { 200: envelopeOf(answer) } };
}

/**
 * Registers a route of the contract: its path, input schemas, answer and access come from the
 * declaration; the handler only calls the service and presents the result.
 */
export function serve<D extends AnyRoute>(
  app: Pick<FastifyInstance, 'route'> & FastifyInstance,
  def: D,
  handler: Handler<D>,
  extra: Pick<RouteShorthandOptions, 'bodyLimit'> & {
    config?: Omit<FastifyContextConfig, 'access' | 'runsOn'>;
  } = {},
): void {
  const { access } = def;
  const { config, ...options } = extra;
  app.route({
    method: def.method,
    url: def.path,
    ...options,
    ...app.accessHooks(access),
    config: {
      ...config,
      access,
      ...(def.runsOn ? { runsOn: def.runsOn } : {}),
      ...(access.who === 'account' && access.duringPasswordChange
        ? { passwordChangeAllowed: true }
        : {}),
    },
    schema: {
      tags: [def.feature],
      ...(def.credentials === 'client' ? { security: [{ client: [] }] } : {}),
      ...(def.credentials === 'optional-bearer' ? { security: [{ bearer: [] }, {}] } : {}),
      summary: def.summary,
      ...(def.description ? { description: def.description } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.upload ? { consumes: ['multipart/form-data'] } : {}),
      ...(def.form ? { consumes: ['application/x-www-form-urlencoded', 'application/json'] } : {}),
      ...responseOf(def.response),
    },
    handler: (req: FastifyRequest, reply: FastifyReply) =>
      inRoute(def, () => handler(req as unknown as Served<D>, reply)),
  });
}
