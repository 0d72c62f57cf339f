import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { coursesApi, type CourseDetail, type CourseSummary } from '@platform/contract';
import { api, apiToken, ok, signInWithForm, skipAnnouncement } from '../support';

const ENV = '智能家居综合实验 (仿真 + 终端)';

/* Stored XSS: hostile names, files and documents a course can hold run nowhere they are shown. */

const SCRIPT = '<script>window.__xss=1</script>';
const IMG = '<img src=x onerror=window.__xss=1>';
const IMG_QUOTED = '<img src=x onerror="window.__xss=1">';
const COURSE_NAME = '<script>alert(1)</script>';
const CHAPTER_NAME = `第1章 ${SCRIPT}`;
const FILE_NAME = `${IMG}.txt`;

type Json = Record<string, unknown>;
const text = (t: string) => ({ type: 'text', text: t });
const paragraph = (...content: Json[]) => ({ type: 'paragraph', content });
const doc = (...content: Json[]) => ({ type: 'doc', content });

/** A document with every payload the sanitiser lets through, as text or with its attributes dropped. */
const hostileDoc = (label: string) =>
  doc(
    { type: 'heading', attrs: { level: 2, onclick: 'window.__xss=1' }, content: [text(label)] },
    paragraph(text(SCRIPT)),
    paragraph(text(IMG_QUOTED)),
    {
      type: 'paragraph',
      attrs: { onmouseover: 'window.__xss=1', style: 'color:red' },
      content: [
        {
          type: 'text',
          text: '安全链接',
          marks: [
            { type: 'link', attrs: { href: 'https://example.com/', onclick: 'window.__xss=1' } },
          ],
        },
      ],
    },
    {
      type: 'image',
      attrs: { src: '/api-cms/cms/file/x1', alt: IMG, onerror: 'window.__xss=1' },
    },
    { type: 'codeBlock', content: [text(SCRIPT)] },
  );

/**
 * Reports, through `report`, anything a payload could do: a set of `window.__xss` and any
 * content-security-policy violation (a handler or script that reached the page and was blocked).
 */
async function trap(page: Page, report: string[]) {
  await page.exposeFunction('__xssReport', (what: string) => report.push(what));
  page.on('dialog', (dialog) => {
    report.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const say = (what: string) =>
      (window as unknown as { __xssReport: (w: string) => void }).__xssReport(what);
    Object.defineProperty(window, '__xss', {
      configurable: false,
      get: () => undefined,
      set: (v) => say(`window.__xss = ${String(v)} at ${location.href}`),
    });
    document.addEventListener('securitypolicyviolation', (e) =>
      say(
        `csp ${e.violatedDirective} ${e.blockedURI} ${e.sample} from ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} at ${location.href}`,
      ),
    );
  });
}

/** No element of the page carries an event handler, a script URL or a script of stored text. */
async function expectInertDom(page: Page, where: string) {
  const found = await page.evaluate(() => {
    const bad: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        const value = attr.value.replace(/\s/g, '').toLowerCase();
        if (/^on/i.test(attr.name)) bad.push(`${el.tagName} ${attr.name}=${attr.value}`);
        if (/^(javascript|vbscript|data:text\/html)/.test(value) && attr.name !== 'alt')
          bad.push(`${el.tagName} ${attr.name}=${attr.value}`);
      }
      if (el.tagName === 'SCRIPT' && (el.textContent ?? '').includes('__xss'))
        bad.push(`script ${el.textContent}`);
    }
    return bad;
  });
  expect(found, where).toEqual([]);
}

interface HostileCourse {
  id: string;
  steps: { id: string; name: string }[];
}

/** Builds the hostile course through the API, checking what the server refuses on the way. */
async function hostileCourse(request: APIRequestContext): Promise<HostileCourse> {
  const token = await apiToken(request, 'teacher01');
  const demo = await ok<{ records: CourseSummary[] }>(
    api(request, token, coursesApi.page, undefined, {
      query: { name: 'MQTT', pageNum: '1', pageSize: '10' },
    }),
  );
  const demoDetail = await ok<CourseDetail>(
    api(request, token, coursesApi.detail, undefined, { params: { id: demo.records[0]!.id } }),
  );
  const envId = demoDetail.environments.find((e) => e.name === ENV)!.id;

  const basics = {
    name: { zh: COURSE_NAME, en: '<svg onload=alert(1)>XSS' },
    difficulty: 'entry',
    specialty: 'iot',
    overview: { zh: `${SCRIPT}${IMG_QUOTED}`, en: `${SCRIPT}${IMG_QUOTED}` },
    envIds: [envId],
  };
  const refusedLinks = [
    'javascript:window.__xss=1',
    'JavaScript:window.__xss=1',
    ' javascript:window.__xss=1',
    'java\tscript:window.__xss=1',
    'data:text/html,<script>window.__xss=1</script>',
  ];
  for (const href of refusedLinks) {
    const refused = await api(request, token, coursesApi.save, {
      ...basics,
      description: {
        zh: doc({
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] }],
        }),
      },
    });
    expect([refused.status, refused.errorKey], href).toEqual([400, 'courses.rich_text_refused']);
  }
  const course = await ok<CourseSummary>(
    api(request, token, coursesApi.save, {
      ...basics,
      description: { zh: hostileDoc('课程介绍'), en: hostileDoc('About') },
    }),
  );

  const chapter = await ok<{ id: string }>(
    api(request, token, coursesApi.chapterSave, {
      courseId: course.id,
      name: { zh: CHAPTER_NAME },
      description: { zh: IMG },
    }),
  );
  const stepRefusals: [string, Json][] = [
    ['script node', doc({ type: 'script', content: [text('window.__xss=1')] })],
    [
      'script link',
      doc({
        type: 'paragraph',
        content: [
          {
            type: 'text',
            text: 'x',
            marks: [{ type: 'link', attrs: { href: 'javascript:window.__xss=1' } }],
          },
        ],
      }),
    ],
    [
      'image without address',
      doc({ type: 'image', attrs: { src: 'x', onerror: 'window.__xss=1' } }),
    ],
    [
      'image from outside the platform',
      doc({ type: 'image', attrs: { src: 'https://example.invalid/x.png' } }),
    ],
    ['script image', doc({ type: 'image', attrs: { src: 'javascript:window.__xss=1' } })],
    ['html node', doc({ type: 'html', attrs: { html: IMG } })],
  ];
  for (const [what, bad] of stepRefusals) {
    const refused = await api(request, token, coursesApi.stepSave, {
      chapterId: chapter.id,
      name: { zh: '1-9 拒绝' },
      content: { type: 'document', doc: { zh: bad } },
    });
    expect([refused.status, refused.errorKey], what).toEqual([400, 'courses.rich_text_refused']);
  }

  const upload = async (route: typeof coursesApi.fileUpload | typeof coursesApi.resourceUpload) => {
    const res = await request.post(route.path, {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        courseId: course.id,
        ...(route === coursesApi.fileUpload ? { kind: 'attachment' } : {}),
        file: { name: FILE_NAME, mimeType: 'text/plain', buffer: Buffer.from(SCRIPT) },
      },
    });
    const body = await res.json();
    expect(res.status(), JSON.stringify(body)).toBe(200);
    return body.data as { fileId: string; name: string };
  };
  const attachment = await upload(coursesApi.fileUpload);
  const resource = await upload(coursesApi.resourceUpload);
  expect(resource.name).toBe(FILE_NAME);

  const question = (kind: string, extra: Json) => ({
    kind,
    stem: { zh: `选择 ${IMG}`, en: `Choose ${IMG}` },
    score: 5,
    analysis: { zh: `解析 ${SCRIPT}` },
    ...extra,
  });
  const options = [
    { text: { zh: IMG }, right: true },
    { text: { zh: SCRIPT }, right: false },
  ];
  const contents: [string, Json][] = [
    [`1-1 ${IMG}`, { type: 'document', doc: { zh: hostileDoc('文档'), en: hostileDoc('Doc') } }],
    [`1-2 ${SCRIPT}`, { type: 'question', questions: [question('single', { options })] }],
    [
      '1-3 练习',
      {
        type: 'exercises',
        questions: [
          question('multiple', { options }),
          question('judgement', { answer: true }),
          question('fill', { answers: [{ zh: IMG_QUOTED }] }),
        ],
      },
    ],
    [
      '1-4 实训',
      {
        type: 'training',
        envId,
        doc: { zh: hostileDoc('实验指导') },
        commands: [{ title: { zh: IMG }, command: `echo '${SCRIPT}'` }],
      },
    ],
    ['1-5 附件', { type: 'attachment', file: { fileId: attachment.fileId, name: FILE_NAME } }],
    ['1-6 展示', { type: 'show', doc: { zh: hostileDoc('展示') } }],
  ];
  const steps: HostileCourse['steps'] = [];
  for (const [name, content] of contents) {
    const step = await ok<{ id: string; content: Json }>(
      api(request, token, coursesApi.stepSave, {
        chapterId: chapter.id,
        name: { zh: name },
        content,
      }),
    );
    const stored = JSON.stringify(step.content);
    expect(stored, name).not.toMatch(/onclick|onmouseover|"onerror"|style/);
    steps.push({ id: step.id, name });
  }
  await ok(api(request, token, coursesApi.selfStudy, { id: course.id, open: true }));
  return { id: course.id, steps };
}

/** The payloads of a rendered document show as text; its link and image are inert. */
async function expectHostileDoc(scope: Locator) {
  await expect(scope.getByText(SCRIPT, { exact: true }).first()).toBeVisible();
  await expect(scope.getByText(IMG_QUOTED, { exact: true })).toBeVisible();
  const link = scope.getByRole('link', { name: '安全链接' });
  await expect(link).toHaveAttribute('href', 'https://example.com/');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(scope.locator('img[src="/api-cms/cms/file/x1"]')).toHaveCount(1);
}

async function signedInPage(
  browser: Browser,
  request: APIRequestContext,
  user: string,
  bypassCSP = false,
) {
  const context = await browser.newContext({ bypassCSP, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const report: string[] = [];
  await trap(page, report);
  await skipAnnouncement(page, request);
  await signInWithForm(page, user);
  return { page, report, context };
}

test('stored XSS in step content and question text runs nowhere', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const course = await hostileCourse(request);

  // The teacher's pages, under the app's content security policy: nothing may even try.
  const teacher = await signedInPage(browser, request, 'teacher01');
  let page = teacher.page;
  await page.goto(`/sch_edu/teaching/courses/detail?id=${course.id}`);
  await expect(page.getByText(COURSE_NAME, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`${SCRIPT}${IMG_QUOTED}`, { exact: true })).toBeVisible();
  await expectHostileDoc(page.locator('.rich-text'));
  await expect(page.getByText(CHAPTER_NAME, { exact: true })).toBeVisible();
  await expect(page.getByText(IMG, { exact: true })).toBeVisible();
  for (const step of course.steps)
    await expect(page.getByText(step.name, { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: FILE_NAME })).toBeVisible();
  await page.screenshot({ path: 'test-results/courses-xss-detail.png' });
  await expectInertDom(page, 'teacher detail');

  await page.getByRole('button', { name: '课程配置' }).click();
  await expect(page.getByText(`课程配置：${COURSE_NAME}`)).toBeVisible();
  await expect(page.getByText(CHAPTER_NAME, { exact: true })).toBeVisible();
  for (const step of course.steps) {
    await page
      .locator('.course-step', { hasText: step.name })
      .getByRole('button', { name: '编辑' })
      .click();
    const dialog = page.getByRole('dialog', { name: `编辑步骤：${step.name}` });
    await expect(dialog.getByLabel('步骤名称（中文）')).toHaveValue(step.name);
    const editor = dialog.getByRole('textbox', { name: /^(内容|实验指导)（中文）$/ });
    if (await editor.count()) await expectHostileDoc(editor);
    if (step.name.startsWith('1-2')) {
      await expect(dialog.getByLabel('题干（中文）')).toHaveValue(`选择 ${IMG}`);
      await expect(dialog.getByLabel('选项 1（中文）')).toHaveValue(IMG);
      await expect(dialog.getByLabel('选项 2（中文）')).toHaveValue(SCRIPT);
    }
    if (step.name.startsWith('1-4')) {
      await expect(dialog.getByLabel('标题（中文）')).toHaveValue(IMG);
      await expect(dialog.getByRole('textbox', { name: '命令', exact: true })).toHaveValue(
        `echo '${SCRIPT}'`,
      );
    }
    if (step.name.startsWith('1-5')) await expect(dialog.getByText(FILE_NAME)).toBeVisible();
    await expectInertDom(page, `edit dialog of ${step.name}`);
    await dialog.getByRole('button', { name: /^取\s?消$/ }).click();
    await expect(dialog).toBeHidden();
  }
  expect(teacher.report).toEqual([]);
  await teacher.context.close();

  // The student's pages with the policy switched off: only the rendering keeps the payloads inert.
  const student = await signedInPage(browser, request, 'student01', true);
  page = student.page;
  await page.goto(`/sch_edu/course/info?id=${course.id}`);
  await expect(page.getByRole('heading', { name: COURSE_NAME })).toBeVisible();
  await expect(page.getByText(`${SCRIPT}${IMG_QUOTED}`, { exact: true })).toBeVisible();
  await expectHostileDoc(page.locator('.rich-text'));
  const outline = page.getByRole('navigation', { name: '课程目录' });
  await expect(outline.getByText(CHAPTER_NAME, { exact: true })).toBeVisible();
  for (const step of course.steps)
    await expect(outline.getByRole('link', { name: step.name })).toBeVisible();
  await expect(page.getByText(FILE_NAME, { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/courses-xss-info.png' });
  await expectInertDom(page, 'student course info');

  for (const step of course.steps) {
    await page.goto(`/sch_edu/course/study?id=${step.id}`);
    await expect(page.getByRole('heading', { name: step.name, exact: true })).toBeVisible();
    const main = page.locator('.cs-study__content');
    if (/^1-[146]/.test(step.name)) await expectHostileDoc(main.locator('.rich-text'));
    if (step.name.startsWith('1-2')) {
      const options = page.getByRole('radiogroup', { name: `1. 选择 ${IMG}` });
      await options.getByRole('radio', { name: `A. ${IMG}` }).check();
      await expect(options.getByText(`B. ${SCRIPT}`, { exact: true })).toBeVisible();
      await page.getByRole('button', { name: '提交答案' }).click();
      await expect(page.getByText('得分：5 / 5')).toBeVisible();
      await expect(page.getByText(`解析：解析 ${SCRIPT}`)).toBeVisible();
      await page.screenshot({ path: 'test-results/courses-xss-question.png' });
    }
    if (step.name.startsWith('1-3')) {
      await page
        .getByRole('group', { name: `1. 选择 ${IMG}` })
        .getByRole('checkbox', { name: `A. ${IMG}` })
        .check();
      await page
        .getByRole('radiogroup', { name: `2. 选择 ${IMG}` })
        .getByRole('radio', { name: '正确' })
        .check();
      await page.getByRole('textbox', { name: `3. 选择 ${IMG}` }).fill(IMG_QUOTED);
      await page.getByRole('button', { name: '提交答案' }).click();
      await expect(page.getByText('得分：15 / 15')).toBeVisible();
      await expect(page.getByText(`正确答案：${IMG_QUOTED}`)).toBeVisible();
    }
    if (step.name.startsWith('1-4')) {
      const commands = page.getByRole('region', { name: '命令配置' });
      await expect(commands.getByText(IMG, { exact: true })).toBeVisible();
      await expect(commands.getByText(`echo '${SCRIPT}'`, { exact: true })).toBeVisible();
    }
    if (step.name.startsWith('1-5')) await expect(main.getByText(FILE_NAME)).toBeVisible();
    await expectInertDom(page, `study view of ${step.name}`);
  }
  expect(student.report).toEqual([]);
  await student.context.close();
});
