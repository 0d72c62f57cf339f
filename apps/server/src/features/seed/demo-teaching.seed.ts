import { and, eq, isNull } from 'drizzle-orm';
import {
  answerIsRight,
  orderChapters,
  orderSteps,
  type QuestionAnswer,
  type Question,
  type StepCheck,
  UserKind,
} from '@platform/contract';
import {
  classes,
  courseChapters,
  courseSteps,
  notices,
  roles,
  studentTasks,
  studentTaskSteps,
  taskCheckAttempts,
  taskReports,
  teachingTasks,
  teachingTaskSteps,
  users,
} from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { hashPassword } from '../../lib/passwords';
import { courseIdByName } from '../courses/courses.service';
import * as repo from './seed.repo';

const dayMs = 86_400_000;
const courseName = 'MQTT 与传感器';
const secondClass = '人工智能技术应用2026级1班';
const ongoingName = '智能家居传感器数据采集实训';
const finishedName = 'MQTT 通信与设备控制练习';

const surnames = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹';
const givenNames = ['子涵', '欣怡', '浩然', '梓轩', '雨桐', '宇航', '思远', '佳琪', '俊杰', '雅婷'];

/** A small deterministic generator, so every fresh start shows the same class. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const doc = (...paragraphs: string[]) => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

interface TaskStep {
  id: string;
  type: string;
  questions: Question[];
  checks: StepCheck[];
}

async function stepsOfCourse(db: AppContext['db'], courseId: string): Promise<TaskStep[]> {
  const chapters = await db
    .select()
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId));
  const steps = await db.select().from(courseSteps).where(eq(courseSteps.courseId, courseId));
  return orderChapters(chapters, (c) => c.name.zh ?? '').flatMap((c) =>
    orderSteps(
      steps.filter((s) => s.chapterId === c.id),
      (s) => s.name.zh ?? '',
    ).map((s) => {
      const content = s.content as { questions?: Question[]; checks?: StepCheck[] };
      return {
        id: s.id,
        type: s.type,
        questions: content.questions ?? [],
        checks: content.checks ?? [],
      };
    }),
  );
}

function answerFor(q: Question, right: boolean): QuestionAnswer {
  switch (q.kind) {
    case 'single':
    case 'multiple': {
      const rightOnes = q.options.flatMap((o, i) => (o.right ? [i] : []));
      const wrong = q.options.findIndex((o) => !o.right);
      return { kind: q.kind, chosen: right ? rightOnes : [wrong] };
    }
    case 'judgement':
      return { kind: 'judgement', answer: right ? q.answer : !q.answer };
    case 'fill':
      return {
        kind: 'fill',
        text: right ? (q.answers[0]?.en ?? q.answers[0]?.zh ?? '') : 'server',
      };
  }
}

/**
 * The demo teaching: an ongoing task of the demo course for the demo class (so `student01` has
 * work to do), and a finished task of a second class of 30 students with varied progress,
 * answers, check attempts, reports and issued scores (so the task detail and the dashboard look
 * real). Safe to run again: tasks are found by name.
 */
export async function seedDemoTeaching(ctx: AppContext, schoolId: string) {
  const { db, ids } = ctx;
  const now = ctx.now();
  const courseId = await courseIdByName(db, schoolId, courseName);
  const teacherId = await repo.userIdOf(db, 'teacher01');
  if (!courseId || !teacherId) return;
  const steps = await stepsOfCourse(db, courseId);
  const autoMax =
    steps.reduce((n, s) => n + s.questions.reduce((m, q) => m + q.score, 0), 0) +
    steps.reduce((n, s) => n + s.checks.reduce((m, c) => m + c.score, 0), 0);
  const hasReport = steps.some((s) => s.type === 'report');

  const issue = async (
    tx: AppContext['db'],
    task: typeof teachingTasks.$inferInsert,
    studentIds: string[],
  ) => {
    await tx.insert(teachingTasks).values(task);
    await tx
      .insert(teachingTaskSteps)
      .values(steps.map((s, position) => ({ taskId: task.id, stepId: s.id, position })));
    const rows = studentIds.map((studentId) => ({
      id: ids.next(),
      schoolId,
      taskId: task.id,
      studentId,
      autoMax,
      createdAt: task.startAt as Date,
    }));
    if (rows.length) await tx.insert(studentTasks).values(rows);
    return rows;
  };

  await db.transaction(async (tx) => {
    const demoClass = await tx.query.users.findFirst({ where: eq(users.username, 'student01') });
    const existing = await tx.query.teachingTasks.findFirst({
      where: and(eq(teachingTasks.schoolId, schoolId), eq(teachingTasks.name, ongoingName)),
    });
    if (demoClass?.classId && !existing?.courseId) {
      if (existing) await tx.delete(teachingTasks).where(eq(teachingTasks.id, existing.id));
      const classmates = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.classId, demoClass.classId), isNull(users.deletedAt)));
      const taskId = ids.next();
      const rows = await issue(
        tx,
        {
          id: taskId,
          schoolId,
          teacherId,
          name: ongoingName,
          kind: 'practice',
          courseId,
          classId: demoClass.classId,
          timeType: 'range',
          startAt: new Date(now.getTime() - dayMs),
          endAt: new Date(now.getTime() + 14 * dayMs),
          requirements:
            '完成全部步骤：学习 MQTT 基础，通过测验，在实训中打开风扇并保存三条遥测消息，最后提交实验报告。',
          hasReport,
          createdAt: new Date(now.getTime() - dayMs),
        },
        classmates.map((c) => c.id),
      );
      await tx.insert(notices).values(
        rows.map((r) => ({
          id: ids.next(),
          userId: r.studentId,
          schoolId,
          dynamicId: r.id,
          dynamicType: 'task_issued',
          params: { name: ongoingName },
        })),
      );
    }

    const finished = await tx.query.teachingTasks.findFirst({
      where: and(eq(teachingTasks.schoolId, schoolId), eq(teachingTasks.name, finishedName)),
    });
    if (finished) return;
    const cls = await tx.query.classes.findFirst({
      where: and(eq(classes.schoolId, schoolId), eq(classes.name, secondClass)),
    });
    if (!cls) return;
    const studentRole = await tx.query.roles.findFirst({
      where: and(eq(roles.tenantId, ctx.config.webClientId), eq(roles.code, 'student')),
    });
    const passwordHash = await hashPassword(ctx.config.seedPassword);
    const studentIds: string[] = [];
    for (let i = 1; i <= 30; i++) {
      const username = `ai2026${String(i).padStart(3, '0')}`;
      const found = await repo.userIdOf(tx, username);
      if (found) {
        studentIds.push(found);
        continue;
      }
      const id = ids.next();
      await repo.insertUser(
        tx,
        {
          id,
          schoolId,
          classId: cls.id,
          username,
          passwordHash,
          name: `${surnames[i - 1]}${givenNames[(i * 7) % givenNames.length]}`,
          sex: (i % 2) + 1,
          stuNo: username,
          kind: UserKind.STUDENT,
        },
        studentRole ? [studentRole.id] : [],
      );
      studentIds.push(id);
    }

    const start = new Date(now.getTime() - 21 * dayMs);
    const end = new Date(now.getTime() - 7 * dayMs);
    const taskId = ids.next();
    const rows = await issue(
      tx,
      {
        id: taskId,
        schoolId,
        teacherId,
        name: finishedName,
        kind: 'exercise',
        courseId,
        classId: cls.id,
        timeType: 'range',
        startAt: start,
        endAt: end,
        requirements: '独立完成测验与实训，报告写明主题结构和风扇控制过程。',
        hasReport,
        scoresIssuedAt: new Date(end.getTime() + dayMs),
        createdAt: start,
      },
      studentIds,
    );
    const next = random(20261124);
    for (const [i, row] of rows.entries()) {
      const diligence = i < 8 ? 1 : i < 20 ? 0.75 + next() * 0.25 : 0.3 + next() * 0.5;
      const done = Math.max(1, Math.round(steps.length * diligence));
      const startedAt = new Date(start.getTime() + next() * 3 * dayMs);
      // Who reached the end, or worked well enough, submitted the task, with their report.
      const submitted = done === steps.length || diligence > 0.6;
      const submittedAt = submitted
        ? new Date(
            Math.min(end.getTime() - 3600_000, startedAt.getTime() + (done + 1) * 40 * 60_000),
          )
        : null;
      let auto = 0;
      let completedSteps = 0;
      for (const [s, step] of steps.entries()) {
        // The report step is the report's to complete, whatever else was reached.
        if (s >= done && !(step.type === 'report' && submitted)) continue;
        const completedAt = new Date(startedAt.getTime() + (Math.min(s, done) + 1) * 40 * 60_000);
        let score: number | null = null;
        let answers: QuestionAnswer[] | null = null;
        if (step.questions.length) {
          answers = step.questions.map((q) => answerFor(q, next() < 0.55 + diligence * 0.4));
          score = step.questions.reduce(
            (n, q, k) => n + (answerIsRight(q, answers![k]!) ? q.score : 0),
            0,
          );
          auto += score;
        }
        let checkScore: number | null = null;
        const checkMax = step.checks.reduce((n, c) => n + c.score, 0);
        if (step.checks.length) {
          const tries = 1 + Math.floor(next() * 3);
          for (let t = 0; t < tries; t++) {
            const last = t === tries - 1;
            const items = step.checks.map((c, k) => {
              const passed = last ? next() < diligence + 0.1 : k === 0;
              return {
                key: c.key ?? String(k),
                title: c.title,
                score: passed ? c.score : 0,
                max: c.score,
                passed,
                message: passed
                  ? (c.passMessage ?? { zh: '通过', en: 'Passed' })
                  : (c.failMessage ?? { zh: '未通过', en: 'Not passed' }),
                hidden: c.hidden,
              };
            });
            const total = items.reduce((n, it) => n + it.score, 0);
            checkScore = Math.max(checkScore ?? 0, total);
            await tx.insert(taskCheckAttempts).values({
              id: ids.next(),
              studentTaskId: row.id,
              stepId: step.id,
              schoolId,
              score: total,
              max: checkMax,
              items,
              durationMs: 180 + Math.floor(next() * 400),
              createdAt: new Date(completedAt.getTime() - (tries - t) * 5 * 60_000),
            });
          }
          auto += checkScore ?? 0;
        }
        // A quiz is done once answered, a lab step once its checks give full marks, the report
        // once submitted (decision 0041); the rest when opened.
        const completes =
          step.type === 'report' ? submitted : !step.checks.length || checkScore === checkMax;
        if (completes) completedSteps++;
        await tx.insert(studentTaskSteps).values({
          studentTaskId: row.id,
          stepId: step.id,
          schoolId,
          answers,
          score,
          checkScore,
          checkMax,
          completedAt: completes ? completedAt : null,
          updatedAt: completedAt,
        });
      }
      if (hasReport && submitted) {
        await tx.insert(taskReports).values({
          studentTaskId: row.id,
          schoolId,
          content: doc(
            '实验目的：通过 MQTT 订阅智能家居设备的遥测消息，并远程控制风扇。',
            `收到的遥测消息示例：labs/…/devices/temp/telemetry {"value":${(20 + next() * 6).toFixed(1)},"unit":"°C"}`,
            '主题结构：labs 为平台根，其后是实验编号、devices、设备编号和消息类型（telemetry、set、state）。',
            '结论：发布 on 到 devices/fan/set 后，风扇状态变为打开，面板和终端同时看到了变化。',
          ),
          length: 160,
          revision: 3,
          savedAt: submittedAt!,
          submittedAt,
        });
      }
      const score = submitted ? Math.min(98, Math.round(55 + diligence * 40 + next() * 6)) : 0;
      await tx
        .update(studentTasks)
        .set({
          status: submitted ? 2 : 0,
          markStatus: 2,
          reportStatus: hasReport && submitted ? 2 : 0,
          progress: Math.round((completedSteps * 100) / steps.length),
          autoScore: auto,
          score,
          comment: submitted
            ? score >= 85
              ? '主题结构说明清楚，实训完成得很好。'
              : '请补充风扇控制的过程截图，注意主题的每一层含义。'
            : '未提交实验报告。',
          startedAt,
          submittedAt,
          scoredAt: new Date(end.getTime() + 12 * 3600_000),
          updatedAt: new Date(end.getTime() + dayMs),
        })
        .where(eq(studentTasks.id, row.id));
    }
    await tx.insert(notices).values(
      rows.map((r) => ({
        id: ids.next(),
        userId: r.studentId,
        schoolId,
        dynamicId: r.id,
        dynamicType: 'scores_issued',
        params: { name: finishedName },
        status: 1,
        createdAt: new Date(end.getTime() + dayMs),
      })),
    );
  });
}
