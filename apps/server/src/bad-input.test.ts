import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@platform/contract';
import { bearer, createSchool, createUser, signIn } from './test/factories';
import { createHarness, WEB_BASIC, type Harness } from './test/harness';

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await createHarness();
  const school = await createSchool(h.ctx);
  const u = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
  token = (await signIn(h.app, u.username)).access_token;
});
afterAll(() => h.close());

const anyJson = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 2 }),
);

function expectRefusal(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  const body = res.json() as { code: number; message: string; requestId: string };
  expect([401, 9000]).toContain(body.code);
  expect(body.message.length).toBeGreaterThan(0);
  expect(body.requestId).toBeTruthy();
}

describe('generated bad input', () => {
  it('the token endpoint never answers 500 and never signs anyone in', async () => {
    await fc.assert(
      fc.asyncProperty(anyJson, async (body) => {
        const res = await h.app.inject({
          method: 'POST',
          url: apiRoutes.oauthToken,
          headers: { authorization: WEB_BASIC, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expectRefusal(res);
      }),
      { numRuns: 150 },
    );
  });

  it('the password change never answers 500 for malformed bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          userId: fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.constant(null)),
          oldPwd: fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.constant(undefined)),
          newPwd: fc.oneof(fc.string({ maxLength: 30 }), fc.boolean(), fc.constant(undefined)),
        }),
        async (body) => {
          const res = await h.app.inject({
            method: 'PUT',
            url: apiRoutes.changePassword,
            headers: bearer(token),
            payload: body,
          });
          expectRefusal(res);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('random bearer tokens and menu queries are refused or answered, never 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 80 }),
        fc.string({ maxLength: 40 }),
        async (tok, roleIds) => {
          const res = await h.app.inject({
            method: 'GET',
            url: `/api-user/menus/all/platform-web?roleIds=${encodeURIComponent(roleIds)}`,
            headers: { authorization: `Bearer ${tok}` },
          });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});
