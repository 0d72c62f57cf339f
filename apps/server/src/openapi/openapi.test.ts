import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

interface Operation {
  security?: Record<string, string[]>[];
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

async function described(): Promise<Document> {
  return (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
}

/** Every requirement the operation accepts names the access token. */
const needsToken = (op: Operation) =>
  op.security!.length > 0 && op.security!.every((r) => 'bearer' in r);

function operations(doc: Document) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
}

/** Every `$ref` string in the document, with where it stands. */
function refs(value: unknown, at = '#'): { at: string; ref: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refs(v, `${at}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) =>
    key === '$ref' && typeof v === 'string' ? [{ at, ref: v }] : refs(v, `${at}/${key}`),
  );
}

function resolve(doc: unknown, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, part) =>
        node !== null && typeof node === 'object'
          ? (node as Record<string, unknown>)[part]
          : undefined,
      doc,
    );
}

describe('the API description', () => {
  it('declares on every operation who may call it, with defined schemes', async () => {
    const doc = await described();
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(90);
    for (const { name, op } of ops) {
      expect(op.security, name).toBeInstanceOf(Array);
      for (const requirement of op.security!)
        for (const scheme of Object.keys(requirement))
          expect(doc.components.securitySchemes, name).toHaveProperty(scheme);
    }
    const open = ops.filter(({ op }) => !needsToken(op));
    expect(open.map(({ name }) => name).sort()).toEqual([
      'GET /api-cms/cms/file/{fileId}',
      'GET /api-teaching/course/file/{courseId}/{fileId}',
      'GET /api-teaching/student/course/report/file/{reportId}/{fileId}',
      'GET /api-teaching/student/report/file/{studentTaskId}/{fileId}',
      'GET /api/health',
      'GET /openapi/api-cms/cms/front/article/page/list',
      'GET /openapi/api-cms/cms/front/catalog/list',
      'GET /openapi/api-cms/cms/front/catalogs',
      'GET /openapi/api-cms/cms/front/get/sub/{id}',
      'GET /openapi/api-cms/cms/front/get/{id}',
      'GET /openapi/api-cms/cms/front/notice/get/{id}',
      'GET /openapi/api-cms/cms/front/notice/page/list',
      'GET /openapi/api-operation/system/announcement',
      'GET /openapi/api-operation/system/footer',
      'GET /openapi/api-operation/system/footer/qrcode/{fileId}',
      'GET /openapi/api-teaching/course/front/page',
      'GET /openapi/api-user/client/config/list',
      'POST /api-uaa/oauth/logout',
      'POST /api-uaa/oauth/token',
      'POST /openapi/api-operation/probation/apply/add',
      'POST /openapi/api-operation/probation/apply/send/code',
    ]);
  });

  it('refuses a caller without an access token on every operation that asks for one', async () => {
    const doc = await described();
    for (const { name, op } of operations(doc)) {
      if (!needsToken(op)) continue;
      const [method, path] = name.split(' ') as [string, string];
      const res = await h.app.inject({
        method: method as 'GET',
        url: path.replace(/\{\w+\}/g, '1'),
      });
      expect(res.statusCode, name).toBe(401);
    }
  });

  it('describes every route the contract declares', async () => {
    const names = new Set(operations(await described()).map(({ name }) => name));
    const missing = h.app.registeredRoutes
      .filter((r) => r.access && !r.labGateway)
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((name) => !names.has(name));
    expect(missing).toEqual([]);
    expect(names).toContain('POST /api-teaching/teaching/task/saveOrUpdate');
    expect(names).toContain('GET /api-teaching/notifies');
    expect(names).toContain('GET /api-operation/probation/apply/list');
  });

  it('resolves every reference', async () => {
    const doc = await described();
    const found = refs(doc);
    expect(found.length).toBeGreaterThan(0);
    for (const { at, ref } of found) {
      expect(ref, at).toMatch(/^#\//);
      expect(resolve(doc, ref), `${at}: ${ref}`).toBeDefined();
    }
  });
});
