import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { teachingApi as api, type Page, type ReportInfo } from '@platform/contract';
import { taskReports } from '../../db/schema';
import { multipartFile, pdf, png } from '../../test/sample-files';
import { doc, idPath, teachingSuite, text, type Who } from '../../test/teaching-fixture';

/** A student's lab report: drafts by revision, images, submitting, and tasks without a report. */
const suite = teachingSuite();
const { call, issue, refusedInBoth, body, studentTaskOf } = suite;

describe('reports', () => {
  let taskId: string;
  let stId: string;
  const me = () => suite.w.students[0]!;

  beforeAll(async () => {
    const t = await issue(suite.w.teacherA, body({ name: '报告任务' }));
    taskId = t.id;
    stId = (await studentTaskOf(t.id, me())).id;
  });

  const save = (content: unknown, revision: number, lang = 'zh') =>
    call<{ revision: number; length: number; savedAt: string }>(
      me(),
      'POST',
      api.reportSave.path,
      { studentTaskId: stId, content, revision },
      lang,
    );

  it('keeps the highest revision: a late save answers the stored one unwritten', async () => {
    const first = await save(text('第二版内容'), 2);
    expect(first).toMatchObject({
      code: 200,
      message: '草稿已保存',
      data: { revision: 2, length: 5 },
    });
    const late = await save(text('旧'), 1);
    expect(late.data).toEqual(first.data);
    const [row] = await suite.h.ctx.db
      .select()
      .from(taskReports)
      .where(eq(taskReports.studentTaskId, stId));
    expect(row).toMatchObject({ revision: 2, length: 5, content: text('第二版内容') });
    expect((await save(text('同版重写'), 2)).data.length).toBe(4);
    expect(await studentTaskOf(taskId, me())).toMatchObject({ reportStatus: 1 });
  });

  it('counts at most 10,000 characters of text', async () => {
    expect((await save(text('字'.repeat(10_000)), 3)).data.length).toBe(10_000);
    const res = await refusedInBoth(
      me(),
      'POST',
      api.reportSave.path,
      { studentTaskId: stId, revision: 4, content: text('字'.repeat(10_001)) },
      400,
      'teaching.report_too_long',
      { max: 10_000 },
    );
    expect(res.fields).toEqual({ content: 'too_long' });
  });

  it('sanitises the document and takes images of its own report only', async () => {
    const bad = await call(me(), 'POST', api.reportSave.path, {
      studentTaskId: stId,
      revision: 5,
      content: { type: 'doc', content: [{ type: 'script', text: 'x' }] },
    });
    expect(bad).toMatchObject({ status: 400, errorKey: 'courses.rich_text_refused' });
    const foreign = {
      type: 'doc',
      content: [
        { type: 'image', attrs: { src: `/api-teaching/student/report/file/${taskId}/abcdefgh12` } },
      ],
    };
    expect((await save(foreign, 5)).errorKey).toBe('courses.rich_text_refused');
  });

  it('stores images (JPG or PNG, 5 MB) at signed addresses that show them', async () => {
    const upload = async (who: Who, file: Buffer, name: string, studentTaskId = stId) => {
      const { payload, headers } = multipartFile(name, file, { studentTaskId });
      const res = await suite.h.app.inject({
        method: 'POST',
        url: api.reportImage.path,
        payload,
        headers: { ...who.headers, ...headers },
      });
      return {
        status: res.statusCode,
        ...res.json<{ errorKey?: string; data: { fileId: string; url: string } }>(),
      };
    };
    const up = await upload(me(), png(), 'chart.png');
    expect(up.status).toBe(200);
    expect(up.data.url).toMatch(
      new RegExp(`^/api-teaching/student/report/file/${stId}/${up.data.fileId}\\?e=\\d+&s=`),
    );
    const shown = await suite.h.app.inject({ method: 'GET', url: up.data.url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    const forged = await suite.h.app.inject({
      method: 'GET',
      url: up.data.url.replace(/s=.{4}/, 's=AAAA'),
    });
    expect(forged.statusCode).toBe(404);
    const courseSigned = await suite.h.app.inject({
      method: 'GET',
      url: up.data.url.replace('/student/report/file/', '/course/file/'),
    });
    expect(courseSigned.statusCode).toBe(404);
    expect((await upload(me(), pdf(), 'notes.pdf')).errorKey).toBe('common.file_type_refused');
    expect((await upload(suite.w.students[1]!, png(), 'chart.png')).errorKey).toBe(
      'teaching.student_task_not_found',
    );

    const withImage = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '结果如图' }] },
        { type: 'image', attrs: { src: up.data.url } },
      ],
    };
    expect((await save(withImage, 6)).code).toBe(200);
    const [row] = await suite.h.ctx.db
      .select()
      .from(taskReports)
      .where(eq(taskReports.studentTaskId, stId));
    expect(JSON.stringify(row!.content)).toContain(
      `"/api-teaching/student/report/file/${stId}/${up.data.fileId}"`,
    );
    const info = await call<ReportInfo>(me(), 'GET', idPath(api.reportInfo.path, stId));
    const src = (info.data.content!.content as { attrs?: { src: string } }[])[1]!.attrs!.src;
    expect(src).toMatch(/\?e=\d+&s=/);
    expect((await suite.h.app.inject({ method: 'GET', url: src })).statusCode).toBe(200);
  });

  it('submits a report that is not empty; it then shows in my reports and report info', async () => {
    await refusedInBoth(
      me(),
      'POST',
      api.reportSubmit.path,
      { studentTaskId: stId, content: { type: 'doc', content: [{ type: 'paragraph' }] } },
      400,
      'teaching.report_empty',
    );
    const res = await call(me(), 'POST', api.reportSubmit.path, {
      studentTaskId: stId,
      content: text('最终报告'),
    });
    expect(res).toMatchObject({
      code: 200,
      message: '实验报告已提交',
      data: { revision: 7, length: 4 },
    });
    expect(await studentTaskOf(taskId, me())).toMatchObject({ status: 0, reportStatus: 2 });
    await refusedInBoth(
      me(),
      'POST',
      api.reportSave.path,
      { studentTaskId: stId, revision: 8, content: text('再改') },
      409,
      'teaching.report_already_submitted',
    );
    const info = await call<ReportInfo>(
      me(),
      'GET',
      idPath(api.reportInfo.path, stId),
      undefined,
      'en',
    );
    expect(info.data).toMatchObject({
      studentTaskId: stId,
      teachingTaskId: taskId,
      taskName: '报告任务',
      courseName: 'IoT practice',
      status: 'submitted',
      length: 4,
      revision: 7,
      editable: false,
      score: null,
      comment: '',
    });
    expect(info.data.content).toEqual(text('最终报告'));
    expect(info.data.instructions).toEqual(doc('Write up'));
    const page = await call<Page<{ studentTaskId: string; status: string }>>(
      me(),
      'GET',
      api.myReports.path,
    );
    expect(page.data.records.map((r) => [r.studentTaskId, r.status])).toContainEqual([
      stId,
      'submitted',
    ]);
    const filtered = await suite.h.app.inject({
      method: 'GET',
      url: api.myReports.path,
      query: { status: 'draft' },
      headers: me().headers,
    });
    expect(
      filtered
        .json<{ data: Page<{ studentTaskId: string }> }>()
        .data.records.map((r) => r.studentTaskId),
    ).not.toContain(stId);
  });

  it('refuses reports on a task without a report step', async () => {
    const t = await issue(suite.w.teacherA, body({ stepIds: [suite.w.course.doc] }));
    const st = await studentTaskOf(t.id, me());
    await refusedInBoth(
      me(),
      'POST',
      api.reportSubmit.path,
      { studentTaskId: st.id, content: text('x') },
      400,
      'teaching.no_report_step',
    );
    await refusedInBoth(
      me(),
      'POST',
      api.reportSave.path,
      { studentTaskId: st.id, revision: 1, content: text('x') },
      400,
      'teaching.no_report_step',
    );
  });
});
