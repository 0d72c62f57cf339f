import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pathOf,
  menusApi,
  rolesApi,
  environmentsApi,
  labsApi,
  platformRoleCodes,
  type Access,
} from '@platform/contract';
import { sheetsOf } from '../features/imports/imports.fixtures';
import { createEnvironment, createUser, signIn } from './factories';
import { createHarness, type Harness } from './harness';
import { get, type Account, type Build, type Entry, type Tenant } from './tenancy';
import { tenancyTable as table } from './tenancy-table';
import { makeTenant, snapshot } from './tenancy-fixture';

/**
 * Walks every route the server registers. For each, users of school A (administrator, teacher,
 * student) address school B's objects and must be refused, never answered with B's data; B's rows
 * must be unchanged afterwards. Where a route addresses an object, the same request against A's
 * own object by A's administrator must succeed, so a refusal is proven to come from the school
 * boundary and not from a malformed request. A route without an entry fails the walk.
 */

/** The text a response carries, with spreadsheets read cell by cell. */
async function textOf(res: LightMyRequestResponse): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('spreadsheetml')) return res.body;
  const cells: string[] = [];
  for (const sheet of await sheetsOf(Buffer.from(res.rawPayload))) {
    for (const row of sheet.data)
      for (const cell of row) if (cell !== null) cells.push(String(cell));
  }
  return cells.join('\n');
}

let h: Harness;
let A: Tenant;
let B: Tenant;

const key = (method: string, url: string) => `${method} ${url}`;

/** The entries a route's declared access allows: staff routes refuse schools, public ones are open. */
function expectedKinds(access: Access): Entry['kind'][] {
  if (access.who === 'public') return ['open'];
  if (access.who === 'staff') return ['staff'];
  if (access.who === 'account') return ['open', 'object', 'own-school'];
  const platform = access.who.every((r) => platformRoleCodes.includes(r));
  return platform ? ['staff'] : ['object', 'own-school'];
}

function apiRoutesOfApp() {
  return h.app.registeredRoutes.filter((r) => !r.labGateway);
}

async function send(build: Build, t: Tenant, as: Account) {
  const opts = await build(t);
  return h.app.inject({
    ...opts,
    headers: { authorization: `Bearer ${as.token}`, ...(opts.headers ?? {}) },
  });
}

beforeAll(async () => {
  h = await createHarness();
  const env = await createEnvironment(h.ctx);
  A = await makeTenant(h, 'A', env.id, false);
  B = await makeTenant(h, 'B', env.id, true);
}, 120_000);
afterAll(() => h.close());

describe('tenant isolation, route by route', () => {
  it('has an entry for every route the server registers, and none for routes that are gone', () => {
    const registered = new Set(apiRoutesOfApp().map((r) => key(r.method, r.url)));
    const missing = [...registered].filter((k) => !(k in table));
    const stale = Object.keys(table).filter((k) => !registered.has(k));
    expect(missing, 'routes without an entry in the tenant isolation table').toEqual([]);
    expect(stale, 'entries for routes that no longer exist').toEqual([]);
  });

  it('reads who may call each route from its declaration, and the entry agrees with it', () => {
    const problems: string[] = [];
    for (const route of apiRoutesOfApp()) {
      const k = key(route.method, route.url);
      const entry = table[k];
      if (!entry) continue;
      if (route.url === '/api/docs' || route.url.startsWith('/api/docs/')) {
        // Served by the documentation plugin, outside the contract.
        if (entry.kind !== 'open') problems.push(`${k}: the API documentation is open`);
        continue;
      }
      if (!route.access) {
        problems.push(`${k}: declares nothing about who may call it`);
        continue;
      }
      const kinds = expectedKinds(route.access);
      if (!kinds.includes(entry.kind))
        problems.push(`${k}: declared ${JSON.stringify(route.access.who)}, entry is ${entry.kind}`);
    }
    expect(problems).toEqual([]);
  });

  it('has every staff route declare the permission its screen needs, but those all staff screens share', () => {
    // Every staff role, case developers and product managers included, works with environments and
    // experiment scripts; the system screens' own reads hold no school data.
    const shared = new Set([
      ...Object.values(environmentsApi).map((r) => key(r.method, r.path)),
      key(labsApi.usage.method, labsApi.usage.path),
      key(menusApi.adminTree.method, menusApi.adminTree.path),
      key(rolesApi.list.method, rolesApi.list.path),
      key(rolesApi.menus.method, rolesApi.menus.path),
    ]);
    const open = apiRoutesOfApp()
      .filter((r) => r.access?.who === 'staff' && !r.access.permission)
      .map((r) => key(r.method, r.url))
      .filter((k) => !shared.has(k));
    expect(open).toEqual([]);
  });

  it('lab-origin routes are not served on the API origin', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/__lab/info' });
    expect(res.statusCode).toBe(404);
  });

  it("refuses school A's users every object of school B, and never answers with B's data", async () => {
    const before = await snapshot(h, B);
    const failures: string[] = [];
    const bIds = [
      B.schoolId,
      B.classId,
      B.departmentId,
      B.majorId,
      B.manager.id,
      B.teacher.id,
      B.student.id,
      B.teachingTaskId,
      B.studentTaskId,
      B.noticeId,
      B.jobId,
      B.customerId,
      B.containerId,
      B.courseId,
      B.chapterId,
      B.stepId,
      B.resourceId,
    ];
    for (const [route, entry] of Object.entries(table)) {
      if (entry.kind === 'lab-origin' || !('request' in entry) || !entry.request) continue;
      for (const as of [A.manager, A.teacher, A.student]) {
        const res = await send(entry.request, B, as);
        const body = await textOf(res);
        const leaked = [B.marker, ...bIds].filter((m) => body.includes(m));
        if (leaked.length)
          failures.push(`${route} as ${as.username}: answered ${leaked.join(', ')}`);
        if (res.statusCode >= 500) failures.push(`${route} as ${as.username}: ${res.statusCode}`);
        if (entry.kind === 'staff' || entry.kind === 'object') {
          const refused =
            (res.statusCode === 403 || res.statusCode === 404) && res.json().code !== 200;
          if (!refused)
            failures.push(
              `${route} as ${as.username}: not refused (${res.statusCode} ${body.slice(0, 120)})`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot(h, B)).toEqual(before);
  });

  it('answers the same requests inside the school, so the refusals come from the boundary', async () => {
    const failures: string[] = [];
    const byRole: Record<string, Account> = {
      'school-manager': A.manager,
      teacher: A.teacher,
      student: A.student,
    };
    for (const [route, entry] of Object.entries(table)) {
      if (entry.kind !== 'object' && entry.kind !== 'own-school') continue;
      if (entry.kind === 'object' && entry.control === false) {
        expect(entry.controlWhy, `${route} needs a reason to skip its control`).toBeTruthy();
        continue;
      }
      const role = entry.control || 'school-manager';
      const as = byRole[role]!;
      const res = await send(entry.request, A, as);
      const json = String(res.headers['content-type'] ?? '').includes('json');
      const ok = res.statusCode === 200 && (!json || res.json().code === 200);
      if (!ok) failures.push(`${route} as ${role}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });
  // Last: the roles that hold a permission carry its requests out, on school B.
  it('refuses every platform role a staff route whose permission it does not hold, and only those', async () => {
    const failures: string[] = [];
    const declared = new Map(apiRoutesOfApp().map((r) => [key(r.method, r.url), r.access]));
    for (const role of platformRoleCodes) {
      const u = await createUser(h.ctx, { roles: [role] });
      const { access_token } = await signIn(h.app, u.username, u.password);
      const as = { id: u.id, username: u.username, token: access_token };
      const held = (
        await send(() => get(pathOf(menusApi.permissions.path, { appid: 'platform-web' })), B, as)
      ).json().data as string[];
      for (const [route, entry] of Object.entries(table)) {
        if (entry.kind !== 'staff') continue;
        const access = declared.get(route);
        if (!access || access.who === 'public' || access.who === 'account') continue;
        const roles = access.who === 'staff' ? platformRoleCodes : access.who;
        const rule = access.permission;
        const keys = !rule ? [] : typeof rule === 'string' ? [rule] : rule.keys;
        const admitted = roles.includes(role) && keys.every((k) => held.includes(k));
        const res = await send(entry.request, B, as);
        // A body the route cannot take is refused before its permission is weighed.
        const fine = admitted
          ? res.statusCode !== 403
          : res.statusCode === 403 || (res.statusCode === 400 && !route.startsWith('GET '));
        if (!fine)
          failures.push(
            `${route} as ${role}: ${res.statusCode}, expected ${admitted ? 'an answer' : '403'}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });
});
