import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../app';
import { asUrlText, nastyStrings } from './arbitraries';
import { createFixture, type Fixture } from './fixture';
import { encodeLoose } from './requests';
import { table, type LabOriginEntry } from './table';
import { requestsPerRun, runsPerRoute, walkRoute, type Entry } from './walk';

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const isLabOrigin = (e: Entry | LabOriginEntry): e is LabOriginEntry => 'labOrigin' in e;

/** A seed per run, printed with every failure so the run can be repeated. */
const seed = Number(process.env.BAD_INPUT_SEED) || Date.now() % 2_147_483_647;

/** The answers of a lab origin: the gateway's refusal, a redirect, or the lab's own page. */
function labOriginFault(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}) {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  if (!String(res.headers['content-type'] ?? '').includes('json')) return null;
  const body = JSON.parse(res.body) as { code?: unknown; message?: unknown; errorKey?: unknown };
  return body.code && body.message && body.errorKey ? null : `not a refusal: ${res.body}`;
}

async function walkLabOrigin(fx: Fixture, route: RegisteredRoute, numRuns: number) {
  const { config } = fx.h.ctx;
  const faults: string[] = [];
  let cases = 0;
  const segment = fc.oneof(fc.constantFrom(...nastyStrings), fc.string({ maxLength: 12 }));
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        host: fc.constantFrom(fx.lab.containerId, ...fx.ids, '9223372036854775808', '0'),
        path: fc.array(segment, { maxLength: 3 }),
        query: fc.dictionary(fc.constantFrom('t', 'next', 'token', 'x'), segment, { maxKeys: 3 }),
        cookie: fc.oneof(
          fc.constant(''),
          segment.map((s) => `lab_session=${encodeLoose(s)}`),
        ),
        body: fc.string({ maxLength: 40 }),
      }),
      async (c) => {
        cases += 1;
        const wildcard = route.url.endsWith('*');
        const path = wildcard
          ? `/${c.path.map((s) => encodeLoose(asUrlText(s))).join('/')}`
          : route.url;
        const query = Object.entries(c.query)
          .map(([k, v]) => `${k}=${encodeLoose(v)}`)
          .join('&');
        const res = await fx.h.app.inject({
          method: route.method as 'GET',
          url: `${path}${query ? `?${query}` : ''}`,
          headers: {
            host: `${c.host}.${config.labDomain}`,
            ...(c.cookie ? { cookie: c.cookie } : {}),
            ...(route.method !== 'GET' ? { 'content-type': 'text/plain' } : {}),
          },
          ...(route.method !== 'GET' ? { payload: c.body } : {}),
        });
        const fault = labOriginFault(res);
        if (fault && faults.length < 3)
          faults.push(`${route.method} ${path}: ${fault.slice(0, 300)}`);
      },
    ),
    { numRuns, seed },
  );
  return { cases, faults };
}

/** Walks every `count`-th registered route, starting at `index`, with generated bad input. */
export function walkShard(index: number, count: number) {
  let fx: Fixture;
  let sent = 0;
  beforeAll(async () => {
    fx = await createFixture();
  }, 120_000);
  afterAll(async () => {
    console.info(
      `bad-input shard ${index + 1}/${count}: ${sent} generated requests (seed ${seed})`,
    );
    await fx.h.close();
  });

  describe(`generated bad input, shard ${index + 1} of ${count}`, () => {
    it('has an entry for every registered route and none for routes that are gone', () => {
      const registered = new Set(fx.h.app.registeredRoutes.map(key));
      expect(
        [...registered].filter((k) => !(k in table)),
        'routes without an entry',
      ).toEqual([]);
      expect(
        Object.keys(table).filter((k) => !registered.has(k)),
        'stale entries',
      ).toEqual([]);
      if (!process.env.BAD_INPUT_RUNS && process.env.TEST_DATABASE !== 'postgres')
        expect(registered.size * runsPerRoute(registered.size)).toBeGreaterThanOrEqual(
          requestsPerRun,
        );
    });

    it('answers every route’s generated input below 500 and in the envelope', async () => {
      const all = fx.h.app.registeredRoutes;
      const runs = runsPerRoute(all.length);
      const routes = all.filter((_, i) => i % count === index);
      const faults: string[] = [];
      for (const route of routes) {
        const entry = table[key(route)];
        if (!entry) continue;
        const result = isLabOrigin(entry)
          ? await walkLabOrigin(fx, route, runs)
          : await walkRoute(fx, route, entry, runs, seed);
        sent += result.cases;
        faults.push(...result.faults);
      }
      expect(sent).toBeGreaterThanOrEqual(routes.length * runs);
      expect(faults, `seed ${seed}`).toEqual([]);
    }, 900_000);
  });
}
