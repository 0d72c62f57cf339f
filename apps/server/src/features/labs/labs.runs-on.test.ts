import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, labsApi, teachingApi, classesApi } from '@platform/contract';
import { serve } from '../../lib/serve';
import { createHarness, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const probe = (runsOn?: 'lab-leader') =>
  defineRoute({
    method: 'GET',
    path: '/probe',
    feature: 'labs',
    summary: 'A route that lists a lab’s files',
    response: z.string(),
    access: { who: 'public' },
    ...(runsOn ? { runsOn } : {}),
  });

/** Answers the refusal a route meets when it acts on labs, or `acted`. */
async function probeAnswer(runsOn?: 'lab-leader'): Promise<string> {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('accessHooks', () => ({}));
  serve(app, probe(runsOn), async (_req, reply) => {
    const refusal = await (async () => h.app.labs.runtime.driver.files.list('no-such-lab', ''))()
      .then(() => 'acted')
      .catch((error: Error) => error.message);
    return reply.send({ code: 200, message: '', data: refusal });
  });
  const res = await app.inject({ method: 'GET', url: '/probe' });
  await app.close();
  return res.json<{ data: string }>().data;
}

describe("routes declare that they run on the lab leader ('runsOn')", () => {
  it('refuses an act on labs from a route that does not declare it', async () => {
    expect(await probeAnswer()).toBe(
      "GET /probe acts on labs (driver.files.list) but does not declare runsOn: 'lab-leader'",
    );
    expect(await probeAnswer('lab-leader')).not.toMatch(/runsOn/);
  });

  it('carries the declaration to the registered route, which the forwarder reads', () => {
    const declared = [
      ...Object.values(labsApi),
      ...Object.values(teachingApi),
      ...Object.values(classesApi),
    ]
      .filter((r) => r.runsOn === 'lab-leader')
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    const registered = h.app.registeredRoutes
      .filter((r) => r.runsOn === 'lab-leader')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(declared.length).toBeGreaterThan(10);
    expect(registered).toEqual(declared);
  });
});
