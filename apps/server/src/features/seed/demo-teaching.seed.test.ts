import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teachingApi, type Page, type TaskSummary } from '@platform/contract';
import {
  courseSteps,
  studentTasks,
  studentTaskSteps,
  taskReports,
  teachingTasks,
} from '../../db/schema';
import { bearer, callerOn, passwordGrant } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { seedDemo } from './demo.seed';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { seedPassword: 'Seed_pass1' } });
  await seedDemo(h.ctx);
});
afterAll(() => h.close());

describe('the demo’s finished task', () => {
  it('holds together: submitted with a report, steps done by their own rules, scored apart', async () => {
    const [finished] = await h.ctx.db
      .select()
      .from(teachingTasks)
      .where(eq(teachingTasks.name, 'MQTT 通信与设备控制练习'));
    const rows = await h.ctx.db
      .select()
      .from(studentTasks)
      .where(eq(studentTasks.taskId, finished!.id));
    const reports = new Map(
      (await h.ctx.db.select().from(taskReports)).map((r) => [r.studentTaskId, r]),
    );
    const steps = new Map(
      (
        await h.ctx.db
          .select()
          .from(courseSteps)
          .where(eq(courseSteps.courseId, finished!.courseId!))
      ).map((s) => [s.id, s]),
    );
    const work = await h.ctx.db.select().from(studentTaskSteps);
    let submitted = 0;
    for (const st of rows) {
      const mine = work.filter((w) => w.studentTaskId === st.id);
      const report = reports.get(st.id);
      if (st.submittedAt) {
        submitted++;
        expect(st).toMatchObject({ status: 2, reportStatus: 2 });
        expect(report?.submittedAt).toEqual(st.submittedAt);
        for (const w of mine.filter((w) => w.completedAt))
          expect(w.completedAt!.getTime()).toBeLessThanOrEqual(st.submittedAt.getTime());
      } else {
        expect(st).toMatchObject({ status: 0, reportStatus: 0 });
        expect(report).toBeUndefined();
      }
      expect(st.markStatus).toBe(2);
      for (const w of mine) {
        const step = steps.get(w.stepId)!;
        if (step.type === 'report') expect(Boolean(w.completedAt)).toBe(Boolean(st.submittedAt));
        if (w.checkMax > 0) expect(Boolean(w.completedAt)).toBe(w.checkScore === w.checkMax);
      }
      const done = mine.filter((w) => w.completedAt).length;
      expect(st.progress).toBe(Math.round((done * 100) / steps.size));
    }
    expect(submitted).toBeGreaterThan(20);
    expect(submitted).toBeLessThan(30);

    const token = (await passwordGrant(h.app, 'teacher01', 'Seed_pass1')).json<{
      data: { access_token: string };
    }>().data.access_token;
    const page = await callerOn(() => h.app)<Page<TaskSummary>>(
      { headers: bearer(token) },
      'GET',
      `${teachingApi.taskPage.path}?name=${encodeURIComponent('MQTT 通信')}`,
    );
    expect(page.data.records[0]).toMatchObject({
      studentCount: 30,
      submittedCount: submitted,
      notSubmittedCount: 30 - submitted,
      scoredCount: 30,
    });
  });
});
