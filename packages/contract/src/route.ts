import type { z } from 'zod';
import type { PermissionKey } from './permissions';
import type { RoleCode } from './users';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route. The server enforces it before the handler runs; the tenant walk and the
 * API document read it. Object and school rules (which student, which school) live in the
 * feature's policy on the server.
 */
export type Access =
  /** No sign-in. */
  | { readonly who: 'public' }
  /** Any signed-in account. */
  | { readonly who: 'account'; readonly duringPasswordChange?: true }
  /** Platform staff only; school accounts are refused before the request is validated. */
  | { readonly who: 'staff'; readonly permission?: PermissionRule }
  /** Accounts holding one of these roles. */
  | { readonly who: readonly RoleCode[]; readonly permission?: PermissionRule };

/**
 * A button-level permission the caller's roles must hold: one key, or one picked from the body
 * (adding and editing through one save route).
 */
export type PermissionRule =
  | PermissionKey
  | { readonly keys: readonly PermissionKey[]; readonly pick: (body: never) => PermissionKey };

/** A multipart upload: its fields (validated like a body) and the name of its file part. */
export interface UploadShape<F extends z.ZodType = z.ZodType> {
  readonly fields: F;
  readonly file: string;
}

/** A stream of server-sent events, each event's data being JSON of `data`. */
export interface EventStreamAnswer<S extends z.ZodType = z.ZodType> {
  readonly eventStream: { readonly event: string; readonly data: S };
}

/** What a route answers: JSON data inside the envelope, a file, or server-sent events. */
export type Answer = z.ZodType | 'file' | EventStreamAnswer;

export function isEventStream(answer: Answer): answer is EventStreamAnswer {
  return typeof answer === 'object' && 'eventStream' in answer;
}

export interface RouteDef<
  M extends HttpMethod = HttpMethod,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  U extends UploadShape | undefined = UploadShape | undefined,
  R extends Answer = Answer,
> {
  readonly method: M;
  readonly path: string;
  /** The feature the route belongs to (its tag in the API document). */
  readonly feature: string;
  readonly summary: string;
  /** A longer note for the API document, when the summary cannot say it all. */
  readonly description?: string;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  readonly upload?: U;
  /** The form body's content type when it is not JSON (OAuth's token endpoint). */
  readonly form?: true;
  readonly response: R;
  readonly access: Access;
  /**
   * Credentials other than the access token, as the API document states them: the OAuth client's
   * basic authentication, or a bearer token that may be absent (logout).
   */
  readonly credentials?: 'client' | 'optional-bearer';
  /**
   * Where the route is answered when the API runs as several processes: `lab-leader` for routes
   * that act on labs, which the process running the labs answers (the others forward them).
   */
  readonly runsOn?: 'lab-leader';
}

export type AnyRoute = RouteDef<
  HttpMethod,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  UploadShape | undefined,
  Answer
>;

/**
 * Where a route is and how it is sent: all a client needs at run time. A feature whose routes the
 * web's first load calls keeps these in `<feature>.paths.ts`, free of schemas, and its
 * declarations spread them.
 */
type RouteAddressOf<D extends AnyRoute> = Pick<D, 'method' | 'path' | 'form'> &
  (D['response'] extends 'file' ? { readonly response: 'file' } : unknown);

declare const declaration: unique symbol;

/**
 * A route's address typed by its declaration, which the caller imports as a type only: a call
 * through it is typed as one through the declaration, without loading the declaration's schemas.
 */
export type RouteRef<D extends AnyRoute = AnyRoute> = RouteAddressOf<D> & {
  readonly [declaration]: D;
};

/** The declaration behind a route, or behind a reference to it. */
export type DeclarationOf<R extends AnyRoute | RouteRef> = R extends {
  readonly [declaration]: infer D extends AnyRoute;
}
  ? D
  : R;

/** References to a feature's routes: `routeRefs<typeof authApi>(authPaths)`. */
export function routeRefs<Api extends Record<string, AnyRoute>>(paths: {
  readonly [K in keyof Api]: RouteAddressOf<Api[K]>;
}): { readonly [K in keyof Api]: RouteRef<Api[K]> } {
  return paths as { readonly [K in keyof Api]: RouteRef<Api[K]> };
}

/** Declares a route; the value is the declaration itself, typed precisely. */
export function defineRoute<
  M extends HttpMethod,
  R extends Answer,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  U extends UploadShape | undefined = undefined,
>(def: RouteDef<M, P, Q, B, U, R>): RouteDef<M, P, Q, B, U, R> {
  return def;
}

type InOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutOf<S> = S extends z.ZodType ? z.output<S> : never;

/** A part of a call, which the caller may leave out when its schema takes `undefined`. */
type Part<K extends string, S> =
  undefined extends InOf<S> ? { [P in K]?: InOf<S> } : { [P in K]: InOf<S> };

/** What a caller sends: only the parts the route declares. */
export type RouteInput<D extends AnyRoute> = ([NonNullable<D['params']>] extends [never]
  ? unknown
  : Part<'params', D['params']>) &
  ([NonNullable<D['query']>] extends [never] ? unknown : Part<'query', D['query']>) &
  ([NonNullable<D['body']>] extends [never] ? unknown : Part<'body', D['body']>) &
  ([NonNullable<D['upload']>] extends [never]
    ? unknown
    : { fields: InOf<NonNullable<D['upload']>['fields']> });

/** What the server's handler receives after validation. */
export type RouteParsed<D extends AnyRoute> = {
  params: OutOf<D['params']>;
  query: OutOf<D['query']>;
  body: OutOf<D['body']>;
};

/** The data a route answers with (inside the envelope), or a file. */
export type RouteOutput<D extends AnyRoute> = D['response'] extends z.ZodType
  ? z.output<D['response']>
  : Blob;

/** The permission keys a rule may ask for. */
export function permissionKeysOf(rule: PermissionRule | undefined): readonly PermissionKey[] {
  if (!rule) return [];
  return typeof rule === 'string' ? [rule] : rule.keys;
}

/** Fill `:name` segments of a route path. */
export function pathOf(route: string, params: Record<string, string | number> = {}): string {
  return route.replace(/:(\w+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}
