import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  coursesApi,
  formatMessage,
  labsApi,
  systemApi,
  teachingApi as api,
  type CheckRunResult,
} from '@platform/contract';
import { courseSteps } from '../../db/schema';
import { doc, teachingSuite } from '../../test/teaching-fixture';

const suite = teachingSuite();
const { call, issue, body, studentTaskOf } = suite;

/** A training step of the world's course, saved by its teacher, with one file check. */
async function saveFileCheck(pattern: string, lang = 'zh') {
  const [training] = await suite.h.ctx.db
    .select()
    .from(courseSteps)
    .where(eq(courseSteps.id, suite.w.course.training));
  return call<{ id: string }>(
    suite.w.teacherA,
    'POST',
    coursesApi.stepSave.path,
    {
      chapterId: training!.chapterId,
      name: { zh: '1-4 正则实训', en: '1-4 Pattern lab' },
      content: {
        type: 'training',
        doc: { zh: doc('写一个文件') },
        envId: suite.w.envId,
        checks: [
          { kind: 'file', title: { zh: '输入文件' }, score: 10, path: 'input.txt', pattern },
        ],
      },
    },
    lang,
  );
}

describe('patterns of checks', () => {
  it('refuses, on save, a pattern the check engine cannot run, with a translated field error', async () => {
    for (const pattern of ['(a)\\1', '(?=a)b', '(?<!a)b']) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await saveFileCheck(pattern, lang);
        expect(res.status, pattern).toBe(400);
        expect(res.errorKey).toBe('courses.check_pattern_unsupported');
        expect(res.message).toBe(formatMessage('courses.check_pattern_unsupported', lang));
        expect(res.fields).toEqual({ 'content.checks.0.pattern': 'unsupported_pattern' });
      }
    }
  });

  it('runs a catastrophic pattern on a student’s file in linear time, and the API keeps answering', async () => {
    const saved = await saveFileCheck('^(a+)+$');
    expect(saved.code, saved.message).toBe(200);
    const task = await issue(
      suite.w.teacherA,
      body({ name: '正则实训', stepIds: [saved.data.id] }),
    );
    const me = suite.w.students[0]!;
    const st = await studentTaskOf(task.id, me);
    const started = await call<string[]>(me, 'POST', labsApi.start.path, {
      expEnvId: suite.w.envId,
    });
    expect(started.code, started.message).toBe(200);
    await suite.h.app.labs.runtime.settle();
    const written = await suite.h.app.labs.runtime.driver.exec(started.data[0]!, {
      script: `printf '%s!' "$(printf 'a%.0s' $(seq 30))" > input.txt && wc -c < input.txt`,
      timeoutMs: 5000,
      maxOutputBytes: 1024,
    });
    expect(written.stdout.trim()).toBe('31');

    // The health route is asked every 20 ms while the check runs; each answer's wait is kept.
    const waits: number[] = [];
    let checking = true;
    const probe = (async () => {
      while (checking) {
        const asked = performance.now();
        const health = await suite.h.app.inject({ method: 'GET', url: systemApi.health.path });
        expect(health.statusCode).toBe(200);
        waits.push(performance.now() - asked);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const pressed = performance.now();
    const checked = await call<CheckRunResult>(me, 'POST', api.stepCheck.path, {
      studentTaskId: st.id,
      stepId: saved.data.id,
    });
    const took = performance.now() - pressed;
    checking = false;
    await probe;
    expect(checked.code, checked.message).toBe(200);
    expect(checked.data.items[0]).toMatchObject({ passed: false, score: 0 });
    expect(took, `the check took ${Math.round(took)} ms`).toBeLessThan(3000);
    expect(
      Math.max(...waits),
      `health waited up to ${Math.round(Math.max(...waits))} ms`,
    ).toBeLessThan(250);
    await call(me, 'GET', `${labsApi.stop.path}?envId=${suite.w.envId}`);
  }, 120_000);
});
