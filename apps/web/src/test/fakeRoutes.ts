import type { z } from 'zod';
import { menusApi, type AnyRoute } from '@platform/contract';
import { stubApi, type ApiCall } from './api';
import { recordDrift } from './drift';
import { envelope, jsonResponse } from './helpers';

/**
 * Fakes of the API by route declaration: a fake answers only its route's method and path, with
 * data typed by the route and checked against its response schema when it is sent, so a fake
 * cannot answer a shape the server never sends.
 */

/** What the server sends inside the envelope for a route (a file route answers a Response). */
export type DataOf<R extends AnyRoute> = R['response'] extends z.ZodType
  ? z.input<R['response']>
  : never;

/** A call that reached a fake, with its route and the path's parameters. */
export interface RouteCall extends ApiCall {
  readonly route: AnyRoute | null;
  readonly params: Record<string, string>;
}

type Settled<R extends AnyRoute> = DataOf<R> | Response;

/** Data to send, a Response as it is (a refusal, a file), or a function of the call. */
export type FakeAnswer<R extends AnyRoute> =
  Settled<R> | ((call: RouteCall) => Settled<R> | Promise<Settled<R>>);

export interface FakeRoute {
  readonly route: AnyRoute;
  readonly answer: FakeAnswer<AnyRoute>;
}

export function fakeRoute<R extends AnyRoute>(route: R, answer: FakeAnswer<R>): FakeRoute {
  return { route, answer: answer as FakeAnswer<AnyRoute> };
}

const patterns = new WeakMap<AnyRoute, { regex: RegExp; names: string[] }>();

function patternOf(route: AnyRoute) {
  let pattern = patterns.get(route);
  if (!pattern) {
    const names: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    pattern = { regex: new RegExp(`^${source}$`), names };
    patterns.set(route, pattern);
  }
  return pattern;
}

/** The path parameters of `call` if it is a call of `route`. */
export function paramsOf(route: AnyRoute, call: Pick<ApiCall, 'method' | 'path'>) {
  if (route.method !== call.method) return null;
  const { regex, names } = patternOf(route);
  const found = regex.exec(call.path);
  if (!found) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)]));
}

function checked(route: AnyRoute, value: unknown): unknown {
  if (value instanceof Response) return value;
  const schema = route.response;
  const problem =
    typeof schema === 'object' && 'safeParse' in schema
      ? schema.safeParse(value ?? null).error
      : new Error('this route answers a file or events: fake it with a Response');
  if (problem) {
    const text = `${route.method} ${route.path}: the fake's answer is not what the route sends: ${problem.message}`;
    recordDrift(text);
    throw new Error(text);
  }
  return value;
}

/**
 * Stubs fetch with these fakes; a call no fake answers gets code 9999. Every call is recorded
 * in `sent`; `calls` and `queries` pick those of one route.
 */
export function fakeApi(...fakes: FakeRoute[]) {
  const sent: RouteCall[] = [];
  const fetchMock = stubApi(async (call) => {
    for (const fake of fakes) {
      const params = paramsOf(fake.route, call);
      if (!params) continue;
      const routeCall: RouteCall = { ...call, route: fake.route, params };
      sent.push(routeCall);
      const { answer } = fake;
      const value: unknown = await (typeof answer === 'function' ? answer(routeCall) : answer);
      // A Response is read once; a fake answering the same one twice sends copies.
      return value instanceof Response ? value.clone() : checked(fake.route, value);
    }
    sent.push({ ...call, route: null, params: {} });
    return jsonResponse(
      envelope(null, 9999, { message: `no fake for ${call.method} ${call.path}` }),
    );
  });
  // By address, so a call of a route no fake answers counts too ("nothing was sent" can fail).
  const calls = (route: AnyRoute) => sent.filter((c) => paramsOf(route, c) !== null);
  return {
    fetchMock,
    sent,
    calls,
    /** The queries of the calls of `route`, in order, as objects. */
    queries: (route: AnyRoute) => calls(route).map((c) => Object.fromEntries(c.query)),
    /** The bodies of the calls of `route`, in order. */
    bodies: (route: AnyRoute) => calls(route).map((c) => c.body),
  };
}

/** Answers the first call with `refused` and every later one with `then`. */
export function refusedOnce<R extends AnyRoute>(
  refused: () => Response,
  then: FakeAnswer<R>,
): (call: RouteCall) => Settled<R> | Promise<Settled<R>> {
  let first = true;
  return (call) => {
    if (first) {
      first = false;
      return refused();
    }
    return typeof then === 'function'
      ? (then as (call: RouteCall) => Settled<R> | Promise<Settled<R>>)(call)
      : then;
  };
}

/** `fakeApi` for a screen of the signed-in area, with the user's button permissions. */
export function fakeScreenApi(permissions: string[], ...fakes: FakeRoute[]) {
  return fakeApi(fakeRoute(menusApi.permissions, permissions), ...fakes);
}
