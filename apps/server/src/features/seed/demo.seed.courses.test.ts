import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coursesApi,
  pathOf,
  type Page,
  type StudentCourseCard,
  type StudentCourseInfo,
  type StudyStep,
} from '@platform/contract';
import { courseResources, courseSteps, courses, systemSettings } from '../../db/schema';
import { bearer, callerOn, passwordGrant } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { seedDemo } from './demo.seed';
import { retiredDemoChecks } from './demo-courses';

/** The demo's courses: their steps, files, covers and resources, and their upgrades. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { seedPassword: 'Seed_pass1' } });
});
afterAll(() => h.close());

describe('the demo’s courses', () => {
  it('gives the demo lab step, still holding its old checks, the checks that read the simulation', async () => {
    const old = await createHarness();
    try {
      await seedDemo(old.ctx);
      const step = async () =>
        (await old.ctx.db.select().from(courseSteps)).find(
          (s) => s.name.zh === '2-2 实训：订阅传感器数据',
        )!;
      const current = await step();
      const checks = (current.content as { checks: { kind: string }[] }).checks;
      expect(checks.map((c) => c.kind)).toEqual(['device', 'telemetry', 'file']);
      await old.ctx.db
        .update(courseSteps)
        .set({
          content: {
            ...current.content,
            checks: retiredDemoChecks.get('2-2 实训：订阅传感器数据'),
          },
        })
        .where(eq(courseSteps.id, current.id));
      await old.ctx.db
        .update(systemSettings)
        .set({ value: 10 })
        .where(eq(systemSettings.key, 'seed.demo.version'));
      await seedDemo(old.ctx);
      expect((await step()).content).toEqual(current.content);
    } finally {
      await old.close();
    }
  });

  it('gives student01 the two demo courses and the platform course the school bought to study, in both languages, with their files', async () => {
    await seedDemo(h.ctx);
    const token = (await passwordGrant(h.app, 'student01', 'Seed_pass1')).json().data.access_token;
    const student = { headers: bearer(token) };
    const call = callerOn(() => h.app);
    const hall = await call<Page<StudentCourseCard>>(
      student,
      'GET',
      coursesApi.studentPage.path,
      undefined,
      'en',
    );
    expect(hall.data.records.map((c) => c.name).sort()).toEqual([
      'Industrial IoT basics',
      'MQTT and sensors',
      'Python data analysis',
    ]);
    const mqtt = hall.data.records.find((c) => c.name === 'MQTT and sensors')!;
    expect(mqtt.coverUrl).toMatch(/^\/api-teaching\/course\/file\//);
    const info = (lang: string) =>
      call<StudentCourseInfo>(
        student,
        'GET',
        pathOf(coursesApi.studentInfo.path, { id: mqtt.id }),
        undefined,
        lang,
      );
    const en = (await info('en')).data;
    const zh = (await info('zh-CN')).data;
    expect(en.chapters.map((c) => c.name)).toEqual([
      'Chapter 1 Meet MQTT',
      'Chapter 2 Sensors and actuators',
    ]);
    expect(zh.chapters.map((c) => c.name)).toEqual(['第1章 认识 MQTT', '第2章 传感器与执行器']);
    const steps = en.chapters.flatMap((c) => c.steps);
    expect(steps.map((s) => s.type)).toEqual([
      'document',
      'video',
      'pdf',
      'exercises',
      'training',
      'report',
    ]);
    for (const type of ['video', 'pdf'] as const) {
      const step = await call<StudyStep>(
        student,
        'GET',
        pathOf(coursesApi.studyStep.path, { id: steps.find((s) => s.type === type)!.id }),
      );
      const file = await h.app.inject({
        method: 'GET',
        url: step.data.file!.url,
        headers: { range: 'bytes=0-15' },
      });
      expect(file.statusCode).toBe(206);
      expect(file.headers['content-type']).toBe(
        type === 'video' ? 'video/webm' : 'application/pdf',
      );
    }
    const lab = await call<StudyStep>(
      student,
      'GET',
      pathOf(coursesApi.studyStep.path, { id: steps.find((s) => s.type === 'training')!.id }),
    );
    expect(lab.data.env?.id).toBeTruthy();
    expect(lab.data.commands.map((c) => c.title)).toContain('Subscribe to everything');
  });

  it('gives each course its own cover and the resources a school would have, in both languages', async () => {
    await seedDemo(h.ctx);
    const token = (await passwordGrant(h.app, 'student01', 'Seed_pass1')).json().data.access_token;
    const student = { headers: bearer(token) };
    const call = callerOn(() => h.app);
    const hall = await call<Page<StudentCourseCard>>(
      student,
      'GET',
      coursesApi.studentPage.path,
      undefined,
      'en',
    );
    const bytesAt = async (url: string, headers: Record<string, string> = {}) => {
      const res = await h.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      return res;
    };
    const covers = new Map<string, Buffer>();
    for (const c of hall.data.records) covers.set(c.name, (await bytesAt(c.coverUrl!)).rawPayload);
    expect(covers.get('Industrial IoT basics')!.equals(media('industrial-cover.png'))).toBe(true);
    expect(new Set([...covers.values()].map((b) => b.toString('base64'))).size).toBe(3);

    const resourcesOf = async (name: string) => {
      const course = hall.data.records.find((c) => c.name === name)!;
      const info = await call<StudentCourseInfo>(
        student,
        'GET',
        pathOf(coursesApi.studentInfo.path, { id: course.id }),
        undefined,
        'zh',
      );
      return info.data.resources;
    };
    const mqtt = await resourcesOf('MQTT and sensors');
    expect(mqtt.map((r) => [r.name, r.contentType])).toEqual([
      ['MQTT 实验指导书.pdf', 'application/pdf'],
      ['MQTT lab guide.pdf', 'application/pdf'],
      ['MQTT 主题速查表 - MQTT topic cheat sheet.pdf', 'application/pdf'],
      ['客厅传感器一天的数据 - living-room-sensors.csv', 'text/csv'],
      ['实验报告模板.md', 'text/markdown'],
      ['Lab report template.md', 'text/markdown'],
    ]);
    const csv = mqtt.find((r) => r.contentType === 'text/csv')!;
    const download = await bytesAt(pathOf(coursesApi.resourceDownload.path, { id: csv.id }), {
      authorization: `Bearer ${token}`,
    });
    expect(download.headers['content-type']).toContain('text/csv');
    const rows = download.body.trim().split('\n');
    expect(rows[0]).toBe('time,temperature_c,humidity_pct,light_lux');
    expect(rows).toHaveLength(49);
    expect(csv.size).toBe(media('living-room-sensors.csv').length);
    const guide = mqtt.find((r) => r.name === 'MQTT 实验指导书.pdf')!;
    const pdf = await bytesAt(pathOf(coursesApi.resourceDownload.path, { id: guide.id }), {
      authorization: `Bearer ${token}`,
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await resourcesOf('Python data analysis')).length).toBeGreaterThanOrEqual(3);
    expect((await resourcesOf('Industrial IoT basics')).map((r) => r.contentType).sort()).toEqual([
      'application/pdf',
      'application/pdf',
      'text/csv',
    ]);
  });

  it('gives a demo seeded before version 11 the courses’ resources and the platform course its own cover', async () => {
    const old = await createHarness();
    try {
      await seedDemo(old.ctx);
      await old.ctx.db.delete(courseResources);
      const mqttCover = await old.ctx.db.query.courses.findFirst({
        where: (c, { sql }) => sql`${c.name}->>'zh' = 'MQTT 与传感器'`,
      });
      const platform = await old.ctx.db.query.courses.findFirst({
        where: (c, { isNull }) => isNull(c.schoolId),
      });
      await old.ctx.db
        .update(courses)
        .set({ coverKey: mqttCover!.coverKey })
        .where(eq(courses.id, platform!.id));
      await old.ctx.db
        .update(systemSettings)
        .set({ value: 10 })
        .where(eq(systemSettings.key, 'seed.demo.version'));
      await seedDemo(old.ctx);
      await seedDemo(old.ctx);
      const resources = await old.ctx.db.select().from(courseResources);
      expect(resources.length).toBe(6 + 3 + 3);
      const upgraded = await old.ctx.db.query.courses.findFirst({
        where: eq(courses.id, platform!.id),
      });
      expect(upgraded!.coverKey).not.toBe(mqttCover!.coverKey);
      const stored = await old.ctx.storage.read(upgraded!.coverKey!);
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
      expect(Buffer.concat(chunks).equals(media('industrial-cover.png'))).toBe(true);
    } finally {
      await old.close();
    }
  });
});

function media(file: string): Buffer {
  return fs.readFileSync(path.join(import.meta.dirname, 'demo-media', file));
}
