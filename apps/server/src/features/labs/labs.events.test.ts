import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, labsApi, pathOf, type ContainerStateInfo } from '@platform/contract';
import { createEnvironment, createSchool, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';

let h: Harness;
let base: string;
let student: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const address = h.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const school = await createSchool(h.ctx);
  student = await signedIn(h.app, h.ctx, { roles: ['student'], schoolId: school.id });
  other = await signedIn(h.app, h.ctx, { roles: ['student'], schoolId: school.id });
});
afterAll(() => h.close());

/** Opens the state stream and collects its `state` events until `until` holds or it times out. */
async function follow(
  who: { headers: Record<string, string> },
  ids: string[],
  until: (events: ContainerStateInfo[]) => boolean,
  act: () => Promise<unknown> = async () => {},
) {
  const controller = new AbortController();
  const res = await fetch(`${base}${labsApi.stateEvents.path}?ids=${ids.join(',')}`, {
    headers: { ...who.headers, 'accept-language': 'en' },
    signal: controller.signal,
  });
  const events: ContainerStateInfo[] = [];
  const times: number[] = [];
  if (!res.headers.get('content-type')?.includes('text/event-stream'))
    return { res, events, times, body: await res.json() };
  const parser = createParser({
    onEvent: (e) => {
      if (e.event === 'state') {
        events.push(JSON.parse(e.data) as ContainerStateInfo);
        times.push(Date.now());
      }
    },
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const acting = act();
  const deadline = setTimeout(() => controller.abort(), 15_000);
  try {
    while (!until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } catch {
    // aborted at the deadline: the assertions say what was missing
  } finally {
    clearTimeout(deadline);
    controller.abort();
  }
  await acting;
  return { res, events, times, body: null };
}

describe('the state stream', () => {
  it('sends the state at once and each change as it happens', async () => {
    const env = await createEnvironment(h.ctx, { name: 'Pushed states' });
    const started = await h.app.inject({
      method: 'POST',
      url: labsApi.start.path,
      headers: student.headers,
      payload: { expEnvId: env.id },
    });
    const [id] = started.json<{ data: string[] }>().data;
    const clicked = Date.now();
    const running = await follow(student, [id!], (e) => e.some((s) => s.state === 'Running'));
    expect(running.res.status).toBe(200);
    expect(running.res.headers.get('cache-control')).toBe('no-store');
    expect(running.events[0]).toMatchObject({ id, message: null, warning: null });
    expect(running.events.at(-1)).toMatchObject({ id, state: 'Running' });
    // Pushed, not found at a 5 s poll.
    expect(running.times.at(-1)! - clicked).toBeLessThan(3_000);

    const stopped = await follow(
      student,
      [id!],
      (e) => e.some((s) => s.state === 'Stopped'),
      () =>
        h.app.inject({
          method: 'GET',
          url: `${labsApi.stop.path}?envId=${env.id}`,
          headers: student.headers,
        }),
    );
    expect(stopped.events.map((s) => s.state)).toEqual(['Running', 'Stopping', 'Stopped']);
  });

  it('tells why a lab stops from its first change on, and that a reset comes back', async () => {
    const env = await createEnvironment(h.ctx, { name: 'Stopped elsewhere' });
    const started = await h.app.inject({
      method: 'POST',
      url: labsApi.start.path,
      headers: student.headers,
      payload: { expEnvId: env.id },
    });
    const [id] = started.json<{ data: string[] }>().data;
    await h.app.labs.runtime.settle();
    const reset = await follow(
      student,
      [id!],
      (e) => e.slice(1).some((s) => s.state === 'Running'),
      () =>
        h.app.inject({
          method: 'POST',
          url: labsApi.reset.path,
          headers: student.headers,
          payload: { envId: env.id },
        }),
    );
    expect(reset.events.map((s) => [s.state, s.stopReason])).toEqual([
      ['Running', null],
      ['Stopping', 'reset'],
      ['Stopped', 'reset'],
      ['Starting', null],
      ['Running', null],
    ]);
    const stopped = await follow(
      student,
      [id!],
      (e) => e.some((s) => s.state === 'Stopped'),
      () =>
        h.app.inject({
          method: 'GET',
          url: `${labsApi.stop.path}?envId=${env.id}`,
          headers: student.headers,
        }),
    );
    expect(stopped.events.map((s) => [s.state, s.stopReason])).toEqual([
      ['Running', null],
      ['Stopping', 'user'],
      ['Stopped', 'user'],
    ]);
    const polled = await h.app.inject({
      method: labsApi.checkState.method,
      url: pathOf(labsApi.checkState.path, { id: id! }),
      headers: student.headers,
    });
    expect(polled.json()).toMatchObject({ data: { state: 'Stopped', stopReason: 'user' } });
  });

  it('refuses ids that are not the caller’s, malformed lists and anonymous callers', async () => {
    const env = await createEnvironment(h.ctx, { name: 'Not yours' });
    const started = await h.app.inject({
      method: 'POST',
      url: labsApi.start.path,
      headers: student.headers,
      payload: { expEnvId: env.id },
    });
    const [id] = started.json<{ data: string[] }>().data;
    const foreign = await follow(other, [id!], () => true);
    expect(foreign.body).toMatchObject({ errorKey: 'labs.not_found' });
    const bad = await follow(student, ['x1'], () => true);
    expect(bad.body).toMatchObject({ code: 9000 });
    const many = await follow(
      student,
      Array.from({ length: 11 }, (_, i) => String(i + 1)),
      () => true,
    );
    expect(many.body).toMatchObject({ code: 9000, fields: { ids: 'too_long' } });
    const anonymous = await follow({ headers: {} }, [id!], () => true);
    expect(anonymous.res.status).toBe(401);
    await h.app.labs.runtime.settle();
  });

  it('ends when its session ends, and only then', async () => {
    const school = await createSchool(h.ctx);
    const leaving = await signedIn(h.app, h.ctx, { roles: ['student'], schoolId: school.id });
    const env = await createEnvironment(h.ctx, { name: 'Signed out' });
    const started = await h.app.inject({
      method: 'POST',
      url: labsApi.start.path,
      headers: leaving.headers,
      payload: { expEnvId: env.id },
    });
    const [id] = started.json<{ data: string[] }>().data;
    await h.app.labs.runtime.settle();
    const open = async (headers: Record<string, string>) => {
      const res = await fetch(`${base}${labsApi.stateEvents.path}?ids=${id}`, { headers });
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      expect((await reader.read()).value).toContain('event: state');
      return reader;
    };
    const stream = await open(leaving.headers);
    // Someone else signing out changes nothing.
    await h.app.inject({
      method: 'POST',
      url: authApi.logout.path,
      headers: other.headers,
    });
    const racing = await Promise.race([
      stream.read().then(() => 'read'),
      new Promise((resolve) => setTimeout(() => resolve('open'), 300)),
    ]);
    expect(racing).toBe('open');

    const out = Date.now();
    await h.app.inject({ method: 'POST', url: authApi.logout.path, headers: leaving.headers });
    let done = false;
    while (!done) ({ done } = await stream.read());
    expect(Date.now() - out).toBeLessThan(1_000);
    await h.app.labs.runtime.stop(h.app.labs.runtime.get(id!)!, 'user');
  });
});
