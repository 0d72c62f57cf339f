import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  coursesApi as api,
  pathOf,
  type StepReport,
  type StudentCourseInfo,
} from '@platform/contract';
import { courseStepReports } from '../../db/schema';
import { multipartFile, png } from '../../test/sample-files';
import { teachingSuite, text, type Who } from '../../test/teaching-fixture';

/** Decision 0041: a report step studied on one's own is written, saved and finished there. */

const suite = teachingSuite();
const { call, refusedInBoth, issue, body } = suite;

beforeAll(async () => {
  const opened = await call(suite.w.teacherA, 'POST', api.selfStudy.path, {
    id: suite.w.course.id,
    open: true,
  });
  expect(opened.code, opened.message).toBe(200);
});

const read = (who: Who, stepId = suite.w.course.report) =>
  call<StepReport>(who, 'GET', pathOf(api.stepReport.path, { id: stepId }));
const save = (
  who: Who,
  content: unknown,
  revision: number,
  finish?: boolean,
  stepId = suite.w.course.report,
) =>
  call<{ revision: number; length: number; finishedAt: string | null }>(
    who,
    'POST',
    api.stepReportSave.path,
    { stepId, content, revision, ...(finish === undefined ? {} : { finish }) },
  );
const stepDone = async (who: Who) => {
  const info = await call<StudentCourseInfo>(
    who,
    'GET',
    pathOf(api.studentInfo.path, { id: suite.w.course.id }),
  );
  return info.data.chapters.flatMap((c) => c.steps).find((s) => s.id === suite.w.course.report)!
    .completed;
};

describe('a self-study report', () => {
  it('is written and saved as drafts, the highest revision winning, and finished once', async () => {
    const me = suite.w.students[0]!;
    expect((await read(me)).data).toEqual({
      stepId: suite.w.course.report,
      content: null,
      revision: 0,
      length: 0,
      savedAt: null,
      finishedAt: null,
    });
    const first = await save(me, text('第一稿'), 2);
    expect(first).toMatchObject({
      code: 200,
      message: '实验报告已保存',
      data: { revision: 2, length: 3, finishedAt: null },
    });
    const late = await save(me, text('迟到的旧稿'), 1);
    expect(late.data).toMatchObject({ revision: 2, length: 3 });
    expect((await read(me)).data).toMatchObject({ content: text('第一稿'), revision: 2 });
    expect(await stepDone(me)).toBe(false);

    await refusedInBoth(
      me,
      'POST',
      api.stepReportSave.path,
      {
        stepId: suite.w.course.report,
        content: { type: 'doc', content: [{ type: 'paragraph' }] },
        revision: 3,
        finish: true,
      },
      400,
      'courses.report_empty',
    );
    const finished = await save(me, text('定稿'), 4, true);
    expect(finished).toMatchObject({ code: 200, message: '实验报告已完成，此步骤记为已完成' });
    expect(finished.data.finishedAt).not.toBeNull();
    expect(await stepDone(me)).toBe(true);
    // Still the student's own to improve; the step stays done and the first finish is kept.
    const again = await save(me, text('定稿之后的补充'), 5);
    expect(again.data.finishedAt).toBe(finished.data.finishedAt);
    expect(await stepDone(me)).toBe(true);
    expect((await read(suite.w.students[1]!)).data).toMatchObject({ content: null, revision: 0 });
  });

  it('is sanitised and held to 10,000 characters, with the field to blame', async () => {
    const me = suite.w.students[1]!;
    const script = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'x',
              marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
            },
          ],
        },
      ],
    };
    const refused = await refusedInBoth(
      me,
      'POST',
      api.stepReportSave.path,
      { stepId: suite.w.course.report, content: script, revision: 1 },
      400,
      'courses.rich_text_refused',
    );
    expect(refused.fields).toEqual({ content: 'invalid_value' });
    const long = await refusedInBoth(
      me,
      'POST',
      api.stepReportSave.path,
      { stepId: suite.w.course.report, content: text('长'.repeat(10_001)), revision: 1 },
      400,
      'courses.report_too_long',
      { max: 10_000 },
    );
    expect(long.fields).toEqual({ content: 'too_long' });
  });

  it('takes images of its own, signed when read, and refuses another student’s', async () => {
    const me = suite.w.students[2]!;
    const upload = async (who: Who) => {
      const { payload, headers } = multipartFile('chart.png', png(), {
        stepId: suite.w.course.report,
      });
      const res = await suite.h.app.inject({
        method: 'POST',
        url: api.stepReportImage.path,
        payload,
        headers: { ...who.headers, ...headers },
      });
      return res.json<{ code: number; data: { fileId: string; url: string } }>();
    };
    const mine = await upload(me);
    expect(mine.code).toBe(200);
    expect((await suite.h.app.inject({ method: 'GET', url: mine.data.url })).statusCode).toBe(200);
    const withImage = (src: string) => ({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '结果如图' }] },
        { type: 'image', attrs: { src } },
      ],
    });
    expect((await save(me, withImage(mine.data.url), 1)).code).toBe(200);
    const [row] = await suite.h.ctx.db
      .select()
      .from(courseStepReports)
      .where(eq(courseStepReports.studentId, me.id));
    expect(JSON.stringify(row!.content)).toContain(
      `"/api-teaching/student/course/report/file/${row!.id}/${mine.data.fileId}"`,
    );
    expect(JSON.stringify(row!.content)).not.toContain('?e=');
    const shown = (await read(me)).data.content as { content: { attrs?: { src: string } }[] };
    expect(shown.content[1]!.attrs!.src).toMatch(/\?e=\d+&s=/);

    const theirs = await upload(suite.w.students[0]!);
    const refused = await save(me, withImage(theirs.data.url), 2);
    expect(refused).toMatchObject({ status: 400, errorKey: 'courses.rich_text_refused' });
    const forged = mine.data.url.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await suite.h.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
  });

  it('is refused on another step, another school’s step and a step an exam of the student holds', async () => {
    const me = suite.w.loneStudent;
    await refusedInBoth(
      me,
      'GET',
      pathOf(api.stepReport.path, { id: suite.w.course.doc }),
      undefined,
      400,
      'courses.not_report_step',
    );
    await refusedInBoth(
      suite.w.studentB,
      'GET',
      pathOf(api.stepReport.path, { id: suite.w.course.report }),
      undefined,
      404,
      'courses.step_not_found',
    );
    await issue(
      suite.w.teacherA,
      body({ name: '报告考试', kind: 'exam', classId: undefined, studentIds: [me.id] }),
    );
    await refusedInBoth(
      me,
      'POST',
      api.stepReportSave.path,
      { stepId: suite.w.course.report, content: text('考试期间自学'), revision: 1 },
      409,
      'courses.step_held_by_exam',
    );
  });
});
