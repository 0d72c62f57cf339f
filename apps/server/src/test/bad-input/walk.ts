import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { RegisteredRoute } from '../../app';
import { asUrlText, mutated, nastyStrings, toJson, type GenerateOptions } from './arbitraries';
import type { Fixture, Role } from './fixture';
import { encodeLoose, envelopeFault, multipartBody, queryString } from './requests';

/** How the walk sends a route its generated input. */
export interface Entry {
  /** Who sends the well-formed part of the cases (the rest go anonymously or with a junk token). */
  as: Role | 'anonymous';
  /** Extra headers of every case (the token endpoint's client authentication). */
  headers?: Record<string, string>;
  /** The route reads a multipart body itself: these form fields beside the file. */
  multipart?: (fx: Fixture) => Record<string, fc.Arbitrary<string>>;
  /** Run before the route's cases (for example, start the lab an upload goes to). */
  prepare?: (fx: Fixture) => Promise<unknown>;
  /** Succeeds with a document (HTML, OpenAPI), not the envelope; refusals are still envelopes. */
  document?: boolean;
  /** May answer a server-sent event stream that stays open: the walk reads its head and leaves. */
  stream?: true;
  /** Why the entry deviates from the defaults. */
  why?: string;
}

/** Sends a request whose answer may be an endless event stream, and reads the answer or its head. */
async function injectStream(fx: Fixture, req: InjectOptions) {
  const res = await fx.h.app.inject({ ...req, payloadAsStream: true });
  const stream = res.stream();
  if (String(res.headers['content-type']).includes('text/event-stream')) {
    stream.destroy();
    return { statusCode: res.statusCode, headers: res.headers, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return {
    statusCode: res.statusCode,
    headers: res.headers,
    body: Buffer.concat(chunks).toString(),
  };
}

/** Generated requests in a whole PGlite run, spread evenly over the registered routes. */
export const requestsPerRun = 50_000;

/** The cases per route: `requestsPerRun` in all on PGlite; fewer on PostgreSQL unless asked. */
export function runsPerRoute(routeCount: number): number {
  const asked = Number(process.env.BAD_INPUT_RUNS);
  if (Number.isInteger(asked) && asked > 0) return asked;
  return process.env.TEST_DATABASE === 'postgres' ? 100 : Math.ceil(requestsPerRun / routeCount);
}

type Who = 'role' | 'anonymous' | 'junk';

interface Case {
  who: Who;
  lang: string;
  segments: string[];
  query: string;
  body: { type?: string; payload?: string | Buffer };
}

const langs = fc.constantFrom('en', 'zh-CN', 'zh', 'en-US;q=0.5, zh;q=0.9', '*', 'xx', '');

const rawSegments = fc.constantFrom(
  '%ff%fe',
  '%00',
  '%',
  '%zz',
  '..',
  '%2e%2e',
  '%2F',
  'x'.repeat(150),
  '9'.repeat(120),
  '%ED%A0%80',
);
const rawQueries = fc.constantFrom(
  '?%ff%fe',
  '?a=%',
  '?a=%00',
  '?a[b]=1',
  '?__proto__[x]=1',
  `?q=${'x'.repeat(20_000)}`,
  '?&&&=&',
  '?id=9223372036854775808',
);

function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
}

function segmentsArb(route: RegisteredRoute, opts: GenerateOptions): fc.Arbitrary<string[]> {
  const names = paramNames(route.url);
  if (!names.length) return fc.constant([]);
  const fromSchema = route.schema.params
    ? mutated(route.schema.params, opts).map((p) =>
        names.map((n) => {
          const v = p && typeof p === 'object' ? (p as Record<string, unknown>)[n] : p;
          return v === undefined ? '' : encodeLoose(asUrlText(v));
        }),
      )
    : fc.array(fc.string({ maxLength: 20 }).map(encodeLoose), {
        minLength: names.length,
        maxLength: names.length,
      });
  return fc.oneof(
    { weight: 8, arbitrary: fromSchema },
    {
      weight: 1,
      arbitrary: fc.array(rawSegments, { minLength: names.length, maxLength: names.length }),
    },
  );
}

function queryArb(route: RegisteredRoute, opts: GenerateOptions): fc.Arbitrary<string> {
  const generated = route.schema.querystring
    ? mutated(route.schema.querystring, opts).map((q) =>
        q && typeof q === 'object' && !Array.isArray(q)
          ? queryString(q as Record<string, unknown>)
          : `?${encodeLoose(asUrlText(q))}`,
      )
    : fc.constantFrom('', '', '', '?id=1&x=%00');
  return fc.oneof({ weight: 8, arbitrary: generated }, { weight: 1, arbitrary: rawQueries });
}

const formOf = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? queryString(value as Record<string, unknown>).slice(1)
    : encodeLoose(asUrlText(value));

function bodyArb(route: RegisteredRoute, opts: GenerateOptions): fc.Arbitrary<Case['body']> {
  const schema = route.schema.body;
  const value = schema ? mutated(schema, opts) : fc.jsonValue({ maxDepth: 2 });
  const json = 'application/json';
  return fc.oneof(
    { weight: schema ? 8 : 1, arbitrary: value.map((v) => ({ type: json, payload: toJson(v) })) },
    {
      weight: 1,
      arbitrary: value.map((v) => ({
        type: 'application/x-www-form-urlencoded',
        payload: formOf(v),
      })),
    },
    { weight: schema ? 1 : 6, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constantFrom(
          json,
          'text/plain',
          'application/xml',
          'multipart/form-data',
          'application/json; charset=latin1',
          'application/octet-stream',
        ),
        payload: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(...nastyStrings)),
      }),
    },
  );
}

const fileNames = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('students.csv', 'schools.csv', 'notes.txt', 'a.xlsx') },
  { weight: 2, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 1, arbitrary: fc.constantFrom('a\u0000.csv', '\ud800.csv', 'a"b.csv', 'a\r\nb.csv') },
);
const contents = fc.oneof(
  fc.constant('姓名,学号,性别,手机号,班级,密码\n学生,s001,男,,Class,\n'),
  fc.constant('name,url\nSchool,sch_gen\n'),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
  fc.constant(Buffer.from('PK\u0003\u0004garbage')),
);
const multipartFaults = [
  'none',
  'no-boundary',
  'wrong-boundary',
  'truncated',
  'unclosed',
  'two-files',
  'many-fields',
  'empty',
  'garbage',
  'no-file',
] as const;

function multipartArb(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Case['body']> {
  return fc
    .record({
      fault: fc.constantFrom(...multipartFaults),
      fields: fc.record(
        Object.fromEntries(
          Object.entries(fields).map(([k, v]) => [
            k,
            fc.oneof(
              { weight: 3, arbitrary: v },
              { weight: 1, arbitrary: fc.constantFrom(...nastyStrings) },
            ),
          ]),
        ),
      ),
      fileName: fileNames,
      content: contents,
      cut: fc.nat(),
    })
    .map(({ fault, fields: values, fileName, content, cut }) => {
      const file = { fileName, content };
      const files = fault === 'no-file' ? [] : fault === 'two-files' ? [file, file] : [file];
      const extra =
        fault === 'many-fields'
          ? Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, 'v']))
          : {};
      const { boundary, body } = multipartBody({ ...values, ...extra }, files);
      const type = `multipart/form-data; boundary=${boundary}`;
      switch (fault) {
        case 'no-boundary':
          return { type: 'multipart/form-data', payload: body };
        case 'wrong-boundary':
          return { type: 'multipart/form-data; boundary=other', payload: body };
        case 'truncated':
          return { type, payload: body.subarray(0, cut % Math.max(body.length, 1)) };
        case 'unclosed':
          return { type, payload: body.subarray(0, body.length - boundary.length - 8) };
        case 'empty':
          return { type, payload: Buffer.alloc(0) };
        case 'garbage':
          return { type, payload: Buffer.from(`--${boundary}\r\nnot a header\r\n\r\nxx`) };
        default:
          return { type, payload: body };
      }
    });
}

export function caseArb(route: RegisteredRoute, entry: Entry, fx: Fixture): fc.Arbitrary<Case> {
  const opts = { ids: fx.ids };
  return fc.record({
    who: fc.oneof(
      { weight: 8, arbitrary: fc.constant<Who>('role') },
      { weight: 1, arbitrary: fc.constantFrom<Who>('anonymous', 'junk') },
    ),
    lang: langs,
    segments: segmentsArb(route, opts),
    query: queryArb(route, opts),
    body: entry.multipart ? multipartArb(entry.multipart(fx)) : bodyArb(route, opts),
  });
}

export function requestOf(
  route: RegisteredRoute,
  entry: Entry,
  fx: Fixture,
  c: Case,
): InjectOptions {
  let i = 0;
  const path = route.url.replace(/:(\w+)|\*/g, () => c.segments[i++] ?? '');
  const headers: Record<string, string> = { ...entry.headers };
  if (c.lang) headers['accept-language'] = c.lang;
  if (c.who === 'junk') headers.authorization = 'Bearer \u00ff-not-a-token';
  else if (c.who === 'role' && entry.as !== 'anonymous')
    headers.authorization = `Bearer ${fx.tokens[entry.as]}`;
  if (c.body.type) headers['content-type'] = c.body.type;
  return {
    method: route.method,
    url: `${path}${c.query}`,
    headers,
    ...(c.body.payload !== undefined ? { payload: c.body.payload } : {}),
  };
}

export interface WalkResult {
  cases: number;
  faults: string[];
}

/** Sends a route its generated cases and collects every answer that is a 5xx or not the envelope. */
export async function walkRoute(
  fx: Fixture,
  route: RegisteredRoute,
  entry: Entry,
  numRuns: number,
  seed: number,
): Promise<WalkResult> {
  await entry.prepare?.(fx);
  const faults = new Map<string, string>();
  let cases = 0;
  await fc.assert(
    fc.asyncProperty(caseArb(route, entry, fx), async (c) => {
      cases += 1;
      const req = requestOf(route, entry, fx, c);
      const res = entry.stream ? await injectStream(fx, req) : await fx.h.app.inject(req);
      const fault = envelopeFault(res, { document: entry.document ?? false });
      const kind = fault?.replace(/"requestId":"[^"]*"/, '').slice(0, 80);
      if (fault && kind && !faults.has(kind))
        faults.set(
          kind,
          `${route.method} ${String(req.url).slice(0, 160)} ${JSON.stringify(
            String(req.payload ?? '').slice(0, 160),
          )}: ${fault.slice(0, 300)}`,
        );
    }),
    { numRuns, seed },
  );
  return { cases, faults: [...faults.values()] };
}
