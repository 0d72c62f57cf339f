import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pathOf,
  announcementsApi,
  authApi,
  schoolsApi,
  siteConfigApi,
  usersApi,
  whitelistApi,
} from '@platform/contract';
import { buildApp, docsCsp, redactUrl } from './app';
import { whitelistUsers } from './db/schema';
import { bearer, createSchool, createUser, signIn } from './test/factories';
import { createHarness, type Harness } from './test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('envelope', () => {
  it('answers unknown API paths with a translated 404 envelope and a request id', async () => {
    for (const [lang, message] of [
      ['zh', '接口不存在'],
      ['en', 'No such API'],
    ]) {
      const res = await h.app.inject({
        method: 'GET',
        url: '/api-user/nothing-here',
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 9000, message, errorKey: 'common.route_not_found' });
      expect(res.json().requestId).toBe(res.headers['x-request-id']);
    }
  });

  it('answers malformed JSON with code 9000, never 500', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: authApi.token.path,
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 9000, errorKey: 'common.invalid_input' });
  });

  it('answers an unsupported media type and a too large body in the envelope', async () => {
    const xml = await h.app.inject({
      method: 'POST',
      url: authApi.token.path,
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe(9000);
    const big = await h.app.inject({
      method: 'POST',
      url: authApi.token.path,
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ grant_type: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 9000, message: 'Request is too large' });
  });

  it('prefers the highest-ranked supported language of Accept-Language', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: usersApi.current.path,
      headers: { 'accept-language': 'fr;q=1, en;q=0.8, zh;q=0.5' },
    });
    expect(res.json().message).toBe('Login is invalid, please log in again');
    const none = await h.app.inject({ method: 'GET', url: usersApi.current.path });
    expect(none.json().message).toBe('登录已失效，请重新登录');
  });

  it('serves the OpenAPI description generated from the schemas at /api/docs', async () => {
    const json = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api-uaa/oauth/token',
      '/api-user/users/current',
      '/api-user/users/password',
      '/api-user/menus/all/{appid}',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    expect(
      doc.paths['/api-user/users/password'].put.requestBody.content['application/json'].schema
        .required,
    ).toEqual(expect.arrayContaining(['userId', 'oldPwd', 'newPwd']));
    const ui = await h.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('serves the API documentation and its assets under a Content-Security-Policy', async () => {
    const ui = await h.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    const assets = [...ui.body.matchAll(/(?:src|href)="(\/api\/docs\/static\/[^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(assets).toEqual(
      expect.arrayContaining([
        '/api/docs/static/swagger-ui-bundle.js',
        '/api/docs/static/swagger-initializer.js',
        '/api/docs/static/swagger-ui.css',
      ]),
    );
    // Every script is a file of its own, which script-src 'self' lets run.
    expect(ui.body).not.toMatch(/<script(?![^>]*\ssrc=)/);
    for (const url of ['/api/docs', ...assets, '/api/docs/json', '/api/docs/yaml']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toMatch(/script-src 'self';/);
      expect(res.headers['content-security-policy'], url).toBe(docsCsp);
    }
    const json = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json().openapi).toMatch(/^3\./);
  });
});

describe('web app serving', () => {
  it('serves the built app and falls back to index.html for unknown non-API paths', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    const app = await buildApp(
      { ...h.ctx, config: { ...h.ctx.config, webDist: dist } },
      { logger: false },
    );
    try {
      const rootPage = await app.inject({ method: 'GET', url: '/' });
      expect(rootPage.statusCode).toBe(200);
      expect(rootPage.body).toContain('id="root"');
      const page = await app.inject({ method: 'GET', url: '/sch_edu/workbench' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('id="root"');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      // Images come from the platform itself only (stored files, inline data and blobs).
      expect(page.headers['content-security-policy']).toContain("img-src 'self' data: blob:;");
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const missingAsset = await app.inject({ method: 'GET', url: '/assets/app-old.js' });
      expect(missingAsset.statusCode).toBe(404);
      fs.writeFileSync(path.join(dist, 'assets', 'app-new.js'), 'console.log(2)');
      const newAsset = await app.inject({ method: 'GET', url: '/assets/app-new.js' });
      expect(newAsset.statusCode).toBe(200);
      expect(newAsset.body).toBe('console.log(2)');
      const api = await app.inject({ method: 'GET', url: '/api-user/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe(9000);
      const post = await app.inject({ method: 'POST', url: '/some/page' });
      expect(post.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('bytes over the wire', () => {
  it('sends the precompressed copy of a built file that the browser accepts, and the file as it is otherwise', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.mkdirSync(path.join(dist, 'assets'));
    const file = path.join(dist, 'assets', 'app-abc.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    const app = await buildApp(
      { ...h.ctx, config: { ...h.ctx.config, webDist: dist } },
      { logger: false },
    );
    try {
      const get = (encodings?: string) =>
        app.inject({
          method: 'GET',
          url: '/assets/app-abc.js',
          headers: encodings ? { 'accept-encoding': encodings } : {},
        });
      const br = await get('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(Number(br.headers['content-length'])).toBeLessThan(200);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      const gz = await get('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    } finally {
      await app.close();
    }
  });

  it('compresses API answers above 1 KB for browsers that accept it, and leaves small ones', async () => {
    const docs = await h.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(docs.headers['content-encoding']).toBe('br');
    const openapi = JSON.parse(zlib.brotliDecompressSync(docs.rawPayload).toString());
    expect(openapi.openapi).toMatch(/^3\./);
    expect(docs.rawPayload.length).toBeLessThan(JSON.stringify(openapi).length / 5);
    const gz = await h.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const health = await h.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().data.status).toBe('up');
  });
});

describe('college detail', () => {
  it('answers the own school, refuses another school as not found, and lets platform staff read any', async () => {
    const a = await createSchool(h.ctx, { name: 'School A', logo: '/logo-a.png' });
    const b = await createSchool(h.ctx, { name: 'School B' });
    const teacherA = await createUser(h.ctx, { schoolId: a.id, roles: ['teacher'] });
    const operator = await createUser(h.ctx, { roles: ['operator'] });
    const tA = (await signIn(h.app, teacherA.username)).access_token;
    const tOp = (await signIn(h.app, operator.username)).access_token;
    const get = (id: string, token: string) =>
      h.app.inject({
        method: 'GET',
        url: pathOf(schoolsApi.detail.path, { id }),
        headers: { ...bearer(token), 'accept-language': 'en' },
      });

    expect((await get(a.id, tA)).json().data).toMatchObject({
      id: a.id,
      name: 'School A',
      logo: '/logo-a.png',
      url: a.url,
    });
    const refused = await get(b.id, tA);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 9000, errorKey: 'schools.not_found' });
    expect(refused.body).not.toContain('School B');
    expect((await get(b.id, tOp)).json().data.name).toBe('School B');
    expect((await get('123', tOp)).statusCode).toBe(404);
    expect((await get('abc', tOp)).json()).toMatchObject({
      code: 9000,
      fields: { id: 'invalid_format' },
    });
    expect(
      (
        await h.app.inject({ method: 'GET', url: pathOf(schoolsApi.detail.path, { id: a.id }) })
      ).json().code,
    ).toBe(401);
  });
});

describe('white-list check', () => {
  it('answers whether the signed-in user is on the white list', async () => {
    const school = await createSchool(h.ctx);
    const listed = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
    const other = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
    await h.ctx.db.insert(whitelistUsers).values({ userId: listed.id, schoolId: school.id });
    const check = async (username: string) =>
      (
        await h.app.inject({
          method: 'GET',
          url: whitelistApi.check.path,
          headers: bearer((await signIn(h.app, username)).access_token),
        })
      ).json();
    expect(await check(listed.username)).toMatchObject({ code: 200, data: true });
    expect(await check(other.username)).toMatchObject({ code: 200, data: false });
  });
});

describe('site configuration and announcement', () => {
  it('answers the public site config of an application, first item used', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `${siteConfigApi.list.path}?clientCode=platform-web`,
    });
    expect(res.json().code).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({
      clientCode: 'platform-web',
      url: 'sch_edu',
      config: { aiChatUrl: null },
    });
    expect(res.body).not.toMatch(/secret/i);
    const none = await h.app.inject({
      method: 'GET',
      url: `${siteConfigApi.list.path}?clientCode=nope`,
    });
    expect(none.json().data).toEqual([]);
    const missing = await h.app.inject({ method: 'GET', url: siteConfigApi.list.path });
    expect(missing.json()).toMatchObject({ code: 9000, fields: { clientCode: 'required' } });
  });

  it('answers the configured AI chat address when one is set', async () => {
    const app = await buildApp(
      { ...h.ctx, config: { ...h.ctx.config, aiChatUrl: 'https://chat.example.test/ui' } },
      { logger: false, serveWeb: false },
    );
    const res = await app.inject({
      method: 'GET',
      url: `${siteConfigApi.list.path}?clientCode=platform-web`,
    });
    expect(res.json().data[0].config.aiChatUrl).toBe('https://chat.example.test/ui');
    await app.close();
  });

  it('answers the seeded system announcement, publicly', async () => {
    const res = await h.app.inject({ method: 'GET', url: announcementsApi.get.path });
    const a = res.json().data;
    expect(a).toMatchObject({ title: '系统公告', announceType: 'once' });
    expect(Date.parse(a.start)).toBeLessThan(Date.now());
    expect(Date.parse(a.end)).toBeGreaterThan(Date.now());
  });
});

describe('logs', () => {
  it('mask tokens and passwords in request URLs', () => {
    expect(redactUrl('/sch_edu/workbench?token=abc.def&x=1')).toBe(
      '/sch_edu/workbench?token=***&x=1',
    );
    expect(redactUrl('/a?x=1&access_token=s3cret#h')).toBe('/a?x=1&access_token=***#h');
    expect(redactUrl('/a?PASSWORD=p&refresh_token=r')).toBe('/a?PASSWORD=***&refresh_token=***');
    expect(redactUrl('/a?tokenish=1')).toBe('/a?tokenish=1');
  });
});

describe('context', () => {
  it('gives features a file storage, in a temporary directory under test', async () => {
    const storage = h.ctx.config.storage;
    expect(storage.driver).toBe('local');
    expect(storage.driver === 'local' && storage.dir.startsWith(os.tmpdir())).toBe(true);
    await h.ctx.storage.put('context/hello.txt', Readable.from([Buffer.from('hello')]), {
      contentType: 'text/plain',
    });
    const read = await h.ctx.storage.read('context/hello.txt');
    const chunks: Buffer[] = [];
    for await (const chunk of read.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    await h.ctx.storage.delete('context/hello.txt');
    expect(await h.ctx.storage.exists('context/hello.txt')).toBe(false);
  });
});

describe('the platform at another address than its public one', () => {
  it('sends a page asked for at another loopback name to the public address, and nothing else', async () => {
    const publicUrl = new URL(h.ctx.config.publicUrl);
    const other = publicUrl.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const page = await h.app.inject({
      method: 'GET',
      url: '/sch_edu/environment?envId=1',
      headers: { host: `${other}:${publicUrl.port}`, accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(308);
    expect(page.headers.location).toBe(`${publicUrl.origin}/sch_edu/environment?envId=1`);

    const api = await h.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: `${other}:${publicUrl.port}`, accept: 'text/html' },
    });
    expect(api.statusCode).not.toBe(308);
    const lan = await h.app.inject({
      method: 'GET',
      url: '/sch_edu/environment',
      headers: { host: `192.168.1.20:${publicUrl.port}`, accept: 'text/html' },
    });
    expect(lan.statusCode).not.toBe(308);
    const same = await h.app.inject({
      method: 'GET',
      url: '/sch_edu/environment',
      headers: { host: publicUrl.host, accept: 'text/html' },
    });
    expect(same.statusCode).not.toBe(308);
  });
});
