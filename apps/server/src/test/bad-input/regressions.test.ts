import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, pathOf } from '@platform/contract';
import { WEB_BASIC } from '../harness';
import { createFixture, type Fixture, type Role } from './fixture';
import { expectRefusal } from './requests';

/** One test per cause of the 500s and envelope-less answers an independent probe found. */

let fx: Fixture;
beforeAll(async () => {
  fx = await createFixture();
}, 120_000);
afterAll(() => fx.h.close());

const as = (role: Role) => ({ authorization: `Bearer ${fx.tokens[role]}` });
const inject = (opts: InjectOptions) => fx.h.app.inject(opts);

describe('ids beyond bigint', () => {
  it('refuses 2^63 and more in a path, a query and a body with a field error', async () => {
    for (const id of ['9223372036854775808', '18446744073709551616', '99999999999999999999']) {
      const path = await inject({
        method: 'GET',
        url: pathOf(apiRoutes.classesGet, { id }),
        headers: as('school-manager'),
      });
      expectRefusal(path, 400, { id: 'invalid_value' });
      const query = await inject({
        method: 'GET',
        url: `${apiRoutes.collegesAdmins}?collegeId=${id}`,
        headers: as('admin'),
      });
      expectRefusal(query, 400, { collegeId: 'invalid_value' });
      const body = await inject({
        method: 'POST',
        url: apiRoutes.classesSave,
        headers: as('school-manager'),
        payload: { name: 'Class x', grade: '2026', majorIds: [id] },
      });
      expectRefusal(body, 400, { 'majorIds.0': 'invalid_value' });
      const list = await inject({
        method: 'GET',
        url: `${pathOf(apiRoutes.menusAll, { appid: 'platform-web' })}?roleIds=1,${id}`,
        headers: as('student'),
      });
      expectRefusal(list, 400, { roleIds: 'invalid_value' });
    }
  });

  it('still looks up the largest bigint, which simply does not exist', async () => {
    const res = await inject({
      method: 'GET',
      url: pathOf(apiRoutes.classesGet, { id: '9223372036854775807' }),
      headers: as('school-manager'),
    });
    expectRefusal(res, 404);
  });
});

describe('NUL bytes and lone surrogates', () => {
  it('refuses a NUL byte in the sign-in form, which needs no sign-in', async () => {
    for (const lang of ['en', 'zh']) {
      const res = await inject({
        method: 'POST',
        url: apiRoutes.oauthToken,
        headers: {
          authorization: WEB_BASIC,
          'content-type': 'application/x-www-form-urlencoded',
          'accept-language': lang,
        },
        payload: 'grant_type=password&username=a%00b&password=secret',
      });
      const body = expectRefusal(res, 400, { username: 'invalid_characters' });
      expect(body).toMatchObject({
        errorKey: 'common.invalid_characters',
        message:
          lang === 'en' ? expect.stringMatching(/characters/) : expect.stringMatching(/字符/),
      });
    }
    const json = await inject({
      method: 'POST',
      url: apiRoutes.oauthToken,
      headers: { authorization: WEB_BASIC },
      payload: { grant_type: 'password', username: 'admin', password: 'x\u0000' },
    });
    expectRefusal(json, 400, { password: 'invalid_characters' });
  });

  it('refuses a lone surrogate bound for a jsonb column', async () => {
    const log = await inject({
      method: 'POST',
      url: apiRoutes.loginLog,
      headers: { ...as('student'), 'content-type': 'application/json' },
      payload: '{"screen":"\\ud800","language":"en"}',
    });
    expectRefusal(log, 400, { screen: 'invalid_characters' });
    const env = await inject({
      method: 'POST',
      url: apiRoutes.envAdd,
      headers: { ...as('admin'), 'content-type': 'application/json' },
      payload: '{"code":"env_x","name":"Env","labels":["ok","\\udc00x"]}',
    });
    expectRefusal(env, 400, { 'labels.1': 'invalid_characters' });
  });

  it('refuses them in query strings and path segments, also without sign-in', async () => {
    const query = await inject({
      method: 'GET',
      url: `${apiRoutes.clientConfigList}?clientCode=a%00b`,
    });
    expectRefusal(query, 400, { clientCode: 'invalid_characters' });
    const segment = await inject({
      method: 'GET',
      url: pathOf(apiRoutes.scriptByLabel, { label: 'a\u0000' }),
      headers: as('admin'),
    });
    expectRefusal(segment, 400, { label: 'invalid_characters' });
    const key = await inject({
      method: 'POST',
      url: apiRoutes.loginLog,
      headers: { ...as('student'), 'content-type': 'application/json' },
      payload: '{"a\\u0000":1}',
    });
    expectRefusal(key, 400, { _: 'invalid_characters' });
  });
});
