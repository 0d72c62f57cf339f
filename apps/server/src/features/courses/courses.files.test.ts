import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  coursesApi as api,
  pathOf,
  type CourseEdit,
  type CourseResource,
  type CourseSummary,
} from '@platform/contract';
import { readSetting } from '../settings/settings.service';
import { coursesSuite, type Page } from '../../test/courses-fixture';
import { jpeg, multipartFile, pdf, png } from '../../test/sample-files';
import { newFileId } from './courses.service';

const suite = coursesSuite();
const { call, addCourse, addChapter, addStep, upload, openCourse } = suite;

describe('courses: covers and files', () => {
  it('takes a JPG or PNG cover by its content, whatever its name, and answers it signed', async () => {
    const course = await addCourse();
    const renamed = await upload(suite.w.teacherA, course.id, 'cover', 'cover.gif', png());
    expect(renamed.code, renamed.message).toBe(200);
    expect(renamed.data.contentType).toBe('image/png');
    expect(renamed.data.name).toBe('cover.gif');
    const saved = await call<CourseSummary>(suite.w.teacherA, 'POST', api.save.path, {
      id: course.id,
      name: { zh: '有封面的课程' },
      difficulty: 'entry',
      specialty: 'iot',
      coverFileId: renamed.data.fileId,
    });
    expect(saved.code, saved.message).toBe(200);
    expect(saved.data.coverUrl).toMatch(
      new RegExp(
        `^/api-teaching/course/file/${course.id}/${renamed.data.fileId}\\?e=\\d+&s=[\\w-]+$`,
      ),
    );
    const image = await suite.h.app.inject({ method: 'GET', url: saved.data.coverUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png())).toBe(true);
    expect((await upload(suite.w.teacherA, course.id, 'cover', 'c.jpg', jpeg())).code).toBe(200);
  });

  it('refuses a text file named .png as a cover, in both languages', async () => {
    const course = await addCourse();
    const zh = await upload(
      suite.w.teacherA,
      course.id,
      'cover',
      'fake.png',
      Buffer.from('just text'),
    );
    expect(zh.status).toBe(400);
    expect(zh.errorKey).toBe('courses.cover_type');
    expect(zh.message).toBe('封面只能是 JPG 或 PNG 图片');
    const en = await upload(
      suite.w.teacherA,
      course.id,
      'cover',
      'fake.png',
      Buffer.from('x'),
      'en',
    );
    expect(en.message).toBe('The cover must be a JPG or PNG image');
    const image = await upload(
      suite.w.teacherA,
      course.id,
      'image',
      'fake.png',
      Buffer.from('x'),
      'en',
    );
    expect(image.errorKey).toBe('common.file_type_refused');
    expect(image.message).toContain('JPG, PNG');
  });

  it('refuses a cover over 5 MB with 413', async () => {
    const course = await addCourse();
    const big = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(suite.w.teacherA, course.id, 'cover', 'big.png', big, 'en');
    expect(res.status).toBe(413);
    expect(res.errorKey).toBe('courses.cover_too_large');
    expect(res.message).toBe('The cover image cannot be larger than 5 MB');
  });

  it('takes as cover only an image of the same course', async () => {
    const course = await addCourse();
    const other = await addCourse();
    const foreign = await upload(suite.w.teacherA, other.id, 'cover', 'c.png', png());
    const pdfFile = await upload(suite.w.teacherA, course.id, 'pdf', 'a.pdf', pdf());
    const body = { id: course.id, name: { zh: '封面检查' }, difficulty: 'entry', specialty: 'iot' };
    const res = await call(suite.w.teacherA, 'POST', api.save.path, {
      ...body,
      coverFileId: foreign.data.fileId,
    });
    expect(res.errorKey).toBe('courses.cover_not_found');
    const notImage = await call(suite.w.teacherA, 'POST', api.save.path, {
      ...body,
      coverFileId: pdfFile.data.fileId,
    });
    expect(notImage.errorKey).toBe('courses.cover_type');
  });

  it('refuses uploads to another school’s course and to the platform’s', async () => {
    const course = await addCourse();
    const res = await upload(suite.w.teacherB, course.id, 'image', 'a.png', png());
    expect(res.status).toBe(404);
    expect(res.errorKey).toBe('courses.not_found');
  });

  it('serves a file at its signed address, with ranges, and nowhere else', async () => {
    const course = await addCourse();
    const chapterId = await addChapter(course.id, { zh: '第1章 文件' });
    const file = await upload(suite.w.teacherA, course.id, 'pdf', '讲义.pdf', pdf());
    expect(file.code, file.message).toBe(200);
    await addStep(chapterId, '1-1 讲义', {
      type: 'pdf',
      file: { fileId: file.data.fileId, name: '讲义.pdf' },
    });
    const whole = await suite.h.app.inject({ method: 'GET', url: file.data.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['content-disposition']).toBe('inline');
    const part = await suite.h.app.inject({
      method: 'GET',
      url: file.data.url,
      headers: { range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${pdf().length}`);
    expect(part.body).toBe('%PDF-1.4\n1');
    const download = await suite.h.app.inject({
      method: 'GET',
      url: `${file.data.url}&download=1`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('讲义.pdf')}`,
    );

    const url = new URL(file.data.url, 'http://x');
    const e = Number(url.searchParams.get('e'));
    const s = url.searchParams.get('s')!;
    const expectGone = async (path: string) => {
      const res = await suite.h.app.inject({
        method: 'GET',
        url: path,
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().errorKey).toBe('courses.file_not_found');
      expect(res.json().message).toBe('The file does not exist or its link has expired');
    };
    const tampered = `${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    await expectGone(`${url.pathname}?e=${e}&s=${tampered}`);
    await expectGone(`${url.pathname}?e=${e + 3600}&s=${s}`);
    const other = await addCourse();
    await expectGone(`/api-teaching/course/file/${other.id}/${file.data.fileId}?e=${e}&s=${s}`);
    const secret = String(await readSetting(suite.h.ctx.db, 'courses.file_url_secret'));
    const past = Math.floor(Date.now() / 1000) - 60;
    const sign = (expiry: number) =>
      createHmac('sha256', secret)
        .update(`${course.id}/${file.data.fileId}/${expiry}`)
        .digest('base64url');
    expect(
      (await suite.h.app.inject({ method: 'GET', url: `${url.pathname}?e=${e}&s=${sign(e)}` }))
        .statusCode,
    ).toBe(200);
    await expectGone(`${url.pathname}?e=${past}&s=${sign(past)}`);
    const missing = newFileId();
    const signedMissing = createHmac('sha256', secret)
      .update(`${course.id}/${missing}/${e}`)
      .digest('base64url');
    await expectGone(`/api-teaching/course/file/${course.id}/${missing}?e=${e}&s=${signedMissing}`);
  });

  it('keeps addresses the same within an hour and valid for six hours at least', async () => {
    const course = await addCourse();
    const file = await upload(suite.w.teacherA, course.id, 'image', 'a.png', png());
    const e = Number(new URL(file.data.url, 'http://x').searchParams.get('e'));
    expect(e % 3600).toBe(0);
    const now = Date.now() / 1000;
    expect(e).toBeGreaterThanOrEqual(now + 6 * 3600);
    expect(e).toBeLessThanOrEqual(now + 7 * 3600);
    const again = await upload(suite.w.teacherA, course.id, 'cover', 'b.png', png());
    const edit = await call<CourseEdit>(suite.w.teacherA, 'POST', api.save.path, {
      id: course.id,
      name: { zh: '稳定地址' },
      difficulty: 'entry',
      specialty: 'iot',
      coverFileId: again.data.fileId,
    });
    expect(edit.data.coverUrl).toBe(again.data.url);
  });
});

describe('courses: resources', () => {
  it('uploads, lists, downloads and deletes resources; students of other schools get nothing', async () => {
    const { course } = await openCourse();
    const { payload, headers } = multipartFile('资料.txt', Buffer.from('hello resources'), {
      courseId: course.id,
    });
    const up = await suite.h.app.inject({
      method: 'POST',
      url: api.resourceUpload.path,
      payload,
      headers: { ...suite.w.teacherA.headers, ...headers },
    });
    expect(up.json().code, up.body).toBe(200);
    const resource = up.json<{ data: CourseResource }>().data;
    expect(resource).toMatchObject({ name: '资料.txt', size: 15 });
    const page = await call<Page<CourseResource>>(
      suite.w.teacherA,
      'GET',
      `${api.resourcePage.path}?courseId=${course.id}`,
    );
    expect(page.data.records.map((r) => r.id)).toEqual([resource.id]);
    const url = pathOf(api.resourceDownload.path, { id: resource.id });
    const byStudent = await suite.h.app.inject({
      method: 'GET',
      url,
      headers: suite.w.studentA.headers,
    });
    expect(byStudent.statusCode).toBe(200);
    expect(byStudent.body).toBe('hello resources');
    expect(byStudent.headers['content-disposition']).toContain(encodeURIComponent('资料.txt'));
    const byOther = await suite.h.app.inject({
      method: 'GET',
      url,
      headers: suite.w.studentB.headers,
    });
    expect(byOther.statusCode).toBe(404);
    expect(
      (await suite.h.app.inject({ method: 'GET', url, headers: suite.w.teacherB.headers }))
        .statusCode,
    ).toBe(404);
    const removed = await call(suite.w.teacherA, 'POST', api.resourceDelete.path, {
      id: resource.id,
    });
    expect(removed.code).toBe(200);
    expect(
      (await suite.h.app.inject({ method: 'GET', url, headers: suite.w.studentA.headers }))
        .statusCode,
    ).toBe(404);
  });
});
