import { deflateSync, crc32 } from 'node:zlib';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { coursesApi, type CourseDetail, type CourseSummary } from '@platform/contract';
import {
  answerDemoQuiz,
  api,
  apiToken,
  choose,
  ok,
  signInWithForm,
  skipAnnouncement,
  switchLanguage,
} from '../support';

const ENV = '智能家居综合实验 (仿真 + 终端)';

/** A real PNG of `width` × `height` in one colour, small enough to build in the test. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3)]);
  for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Clicks `button` and hands the file chooser it opens `file`. */
async function chooseFile(page: Page, button: Locator, file: { name: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles({ ...file, mimeType: 'image/png' });
}

/** Whether an image has loaded with real pixels. */
const loaded = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

test('teacher01 creates a course with a chapter, a document step with an image, a single-choice question and a training step', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await skipAnnouncement(page, request);
  await signInWithForm(page, 'teacher01');
  await page.goto('/sch_edu/teaching/courses');
  await expect(page.locator('.course-card', { hasText: 'MQTT 与传感器' })).toBeVisible();
  await page.getByRole('button', { name: '新建课程' }).click();
  await expect(page).toHaveURL(/\/teaching\/courses\/add$/);

  const form = page.locator('form');
  await form.getByLabel('课程名称（中文）').fill('智能家居入门实训');
  await form.getByLabel('课程名称（English）').fill('Smart home basics');
  await choose(page, form, '难度', '入门');
  await choose(page, form, '专业', '物联网');
  await chooseFile(page, form.getByRole('button', { name: '选择封面' }), {
    name: 'cover.png',
    buffer: png(160, 90, [22, 119, 255]),
  });
  await expect(form.getByRole('img', { name: '封面' })).toHaveAttribute('src', /^blob:/);

  await form.getByRole('button', { name: '选择环境' }).click();
  const envDialog = page.getByRole('dialog', { name: '选择课程环境' });
  await envDialog.getByRole('checkbox', { name: ENV }).check();
  await expect(envDialog.getByText('已选择 1 个环境')).toBeVisible();
  await envDialog.getByRole('button', { name: /^确\s?定$/ }).click();
  await expect(envDialog).toBeHidden();
  await expect(form.locator('.ant-tag', { hasText: ENV })).toBeVisible();
  await page.screenshot({ path: 'test-results/courses-new-course.png' });
  await form.getByRole('button', { name: /^保\s?存$/ }).click();

  // A new course goes on to its configuration.
  await expect(page).toHaveURL(/\/teaching\/courses\/config\?id=\d+$/);
  const courseId = new URL(page.url()).searchParams.get('id')!;
  await expect(page.getByText('课程配置：智能家居入门实训')).toBeVisible();
  await expect(page.locator('.ant-tag', { hasText: ENV })).toBeVisible();

  await page.getByRole('button', { name: '新增章节' }).click();
  const chapterDialog = page.getByRole('dialog', { name: '新增章节' });
  await chapterDialog.getByLabel('章节名称（中文）').fill('第1章 入门');
  await chapterDialog.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(chapterDialog).toBeHidden();
  const chapter = page.locator('.course-chapter', { hasText: '第1章 入门' });
  await expect(chapter.getByText('本章还没有步骤')).toBeVisible();

  // 1-1: a document with a typed paragraph and an uploaded image.
  await chapter.getByRole('button', { name: '新增步骤' }).click();
  let stepDialog = page.getByRole('dialog', { name: '新增步骤：第1章 入门' });
  await stepDialog.getByLabel('步骤名称（中文）').fill('1-1 阅读');
  await expect(stepDialog.getByRole('combobox', { name: '步骤类型' })).toBeVisible();
  const content = stepDialog.getByRole('textbox', { name: '内容（中文）' });
  await content.click();
  await page.keyboard.type('MQTT 设备把消息发布到主题上。');
  await page.keyboard.press('Enter');
  await chooseFile(page, stepDialog.getByRole('button', { name: '插入图片' }).first(), {
    name: 'diagram.png',
    buffer: png(240, 120, [82, 196, 26]),
  });
  const editorImage = content.locator('img[alt="diagram.png"]');
  await expect(editorImage).toHaveAttribute('src', /^\/api-teaching\/course\/file\//);
  await expect.poll(() => loaded(editorImage)).toBe(true);
  await expect(content).toContainText('MQTT 设备把消息发布到主题上。');
  await page.screenshot({ path: 'test-results/courses-document-step.png' });
  await stepDialog.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(stepDialog).toBeHidden();

  // 1-2: one single-choice question.
  await chapter.getByRole('button', { name: '新增步骤' }).click();
  stepDialog = page.getByRole('dialog', { name: '新增步骤：第1章 入门' });
  await stepDialog.getByLabel('步骤名称（中文）').fill('1-2 小测');
  await choose(page, stepDialog, '步骤类型', '题目');
  const question = stepDialog.getByRole('group', { name: '题目' });
  await expect(question.getByTitle('单选题', { exact: true })).toBeVisible();
  await question.getByRole('spinbutton', { name: '分值' }).fill('10');
  await question.getByLabel('题干（中文）').fill('MQTT 中转发消息的服务器叫什么？');
  await question.getByRole('button', { name: '添加选项' }).click();
  const options = ['代理（broker）', '网关', '路由器'];
  for (const [i, text] of options.entries()) {
    const group = question.getByRole('group', { name: `选项 ${i + 1}` });
    await group.getByLabel(`选项 ${i + 1}（中文）`).fill(text);
  }
  await question
    .getByRole('group', { name: '选项 1' })
    .getByRole('checkbox', { name: '正确答案' })
    .check();
  await page.screenshot({ path: 'test-results/courses-question-step.png' });
  await stepDialog.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(stepDialog).toBeHidden();

  // 1-3: a training step on the course's environment, with instructions and a command.
  await chapter.getByRole('button', { name: '新增步骤' }).click();
  stepDialog = page.getByRole('dialog', { name: '新增步骤：第1章 入门' });
  await stepDialog.getByLabel('步骤名称（中文）').fill('1-3 实验');
  await choose(page, stepDialog, '步骤类型', '实训');
  await choose(page, stepDialog, '实验环境', ENV);
  await stepDialog.getByRole('textbox', { name: '实验指导（中文）' }).click();
  await page.keyboard.type('启动实验后，在终端中订阅全部设备消息。');
  await stepDialog.getByRole('button', { name: '添加命令' }).click();
  const command = stepDialog.getByRole('group', { name: '命令 1' });
  await command.getByLabel('标题（中文）').fill('订阅全部消息');
  await command
    .getByRole('textbox', { name: '命令', exact: true })
    .fill('mosquitto_sub -h 127.0.0.1 -v -t "$MQTT_TOPIC_PREFIX/#"');
  await page.screenshot({ path: 'test-results/courses-training-step.png' });
  await stepDialog.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(stepDialog).toBeHidden();
  await expect(chapter.locator('.course-step__name')).toHaveText([
    '1-1 阅读',
    '1-2 小测',
    '1-3 实验',
  ]);
  await chapter.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/courses-config.png' });

  // The detail lists the steps in order with their types, under the new cover.
  await page.goto('/sch_edu/teaching/courses');
  const card = page.locator('.course-card', { hasText: '智能家居入门实训' });
  await expect(card).toContainText('章节 1 · 步骤 3');
  await expect.poll(() => loaded(card.getByRole('img', { name: '智能家居入门实训' }))).toBe(true);
  await card.getByRole('button', { name: '详情' }).click();
  await expect(page).toHaveURL(new RegExp(`/teaching/courses/detail\\?id=${courseId}$`));
  const outline = page.locator('.course-chapter', { hasText: '第1章 入门' });
  await expect(outline.locator('.course-step')).toHaveText([
    /^图文\s*1-1 阅读$/,
    /^题目\s*1-2 小测$/,
    /^实训\s*1-3 实验$/,
  ]);
  await expect(page.locator('.ant-tag', { hasText: ENV })).toBeVisible();
  await expect.poll(() => loaded(page.getByRole('img', { name: '智能家居入门实训' }))).toBe(true);
  await outline.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/courses-detail.png' });

  // The stored document comes back with its image at a signed address that loads.
  await page.getByRole('button', { name: '课程配置' }).click();
  await page
    .locator('.course-step', { hasText: '1-1 阅读' })
    .getByRole('button', { name: '编辑' })
    .click();
  const editDialog = page.getByRole('dialog', { name: '编辑步骤：1-1 阅读' });
  const stored = editDialog.getByRole('textbox', { name: '内容（中文）' });
  await expect(stored).toContainText('MQTT 设备把消息发布到主题上。');
  const image = stored.locator('img[alt="diagram.png"]');
  await expect(image).toHaveAttribute(
    'src',
    new RegExp(`^/api-teaching/course/file/${courseId}/[\\w-]+\\?e=\\d+&s=[\\w-]+$`),
  );
  await expect.poll(() => loaded(image)).toBe(true);
  expect(await image.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(240);
  await page.screenshot({ path: 'test-results/courses-document-stored.png' });
});

/* Stored XSS ----------------------------------------------------------------------------------- */

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
      attrs: { src: 'https://example.invalid/x.png', alt: IMG, onerror: 'window.__xss=1' },
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
    ['image without https', doc({ type: 'image', attrs: { src: 'x', onerror: 'window.__xss=1' } })],
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
  await expect(scope.locator('img[src="https://example.invalid/x.png"]')).toHaveCount(1);
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

/* The student's demo course -------------------------------------------------------------------- */

/** No part of the page is wider than the window. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('student01 studies the demo course', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await skipAnnouncement(page, request);
  await signInWithForm(page, 'student01');
  await page.goto('/sch_edu/course/index');
  const card = page.locator('.cs-card', { hasText: 'MQTT 与传感器' });
  await expect(card).toContainText('入门');
  await expect.poll(() => loaded(card.locator('img.cs-cover'))).toBe(true);
  await page.screenshot({ path: 'test-results/courses-hall.png' });
  await card.getByRole('link', { name: 'MQTT 与传感器' }).click();
  await expect(page.getByRole('heading', { name: 'MQTT 与传感器' })).toBeVisible();

  // Content follows the interface language.
  await switchLanguage(page, 'en-US');
  await expect(page.getByRole('heading', { name: 'MQTT and sensors' })).toBeVisible();
  const outline = page.getByRole('navigation', { name: 'Course outline' });
  await outline.getByRole('link', { name: /1-1 Publish and subscribe/ }).click();
  await expect(
    page.getByText(
      'MQTT is a lightweight publish/subscribe messaging protocol. Devices publish messages to topics',
    ),
  ).toBeVisible();
  await expect(
    page.getByText('+ matches one level, # matches all the levels after it'),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/courses-study-document-en.png' });

  // The video: played past 3 s, left, and resumed where it was.
  await page
    .getByRole('navigation', { name: 'Course outline' })
    .getByRole('link', { name: /1-2 Video: the journey of a message/ })
    .click();
  const video = page.locator('video');
  await expect(video).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(3.2);
  await page.screenshot({ path: 'test-results/courses-study-video.png' });
  const left = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await page.goto('/sch_edu/course/index');
  await page
    .locator('.cs-card', { hasText: 'MQTT and sensors' })
    .getByRole('link', { name: 'MQTT and sensors' })
    .click();
  await page
    .getByRole('navigation', { name: 'Course outline' })
    .getByRole('link', { name: /1-2 Video: the journey of a message/ })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Resumed' })).toHaveText(
    /^Resumed where you left off, at 0:0[3-5]$/,
  );
  const resumed = await page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
  expect(Math.abs(resumed - left)).toBeLessThan(1.5);

  // The exercises: all four kinds, right.
  await page
    .getByRole('navigation', { name: 'Course outline' })
    .getByRole('link', { name: /2-1 Quiz/ })
    .click();
  await answerDemoQuiz(page, 'en');
  await expect(page.getByText('Score: 20 / 20')).toBeVisible();
  await expect(page.getByText('Right: 5 points')).toHaveCount(4);
  await expect(page.getByText('Analysis: QoS 2 uses a four-step handshake.')).toBeVisible();
  const quiz = page
    .getByRole('navigation', { name: 'Course outline' })
    .getByRole('link', { name: /2-1 Quiz/ });
  await expect(quiz.getByLabel('Done')).toBeVisible();
  await expect(quiz).toContainText('20 points');
  await page.screenshot({ path: 'test-results/courses-study-exercises.png' });

  // The training step: the lab beside its instructions and commands.
  await page
    .getByRole('navigation', { name: 'Course outline' })
    .getByRole('link', { name: /2-2 Lab: subscribe to sensor data/ })
    .click();
  const guide = page.getByRole('region', { name: 'Instructions' });
  const lab = page.getByRole('region', { name: 'Lab', exact: true });
  await expect(guide.getByText('Start the lab: the panel shows temperature')).toBeVisible();
  const commands = guide.getByRole('region', { name: 'Commands' });
  await expect(commands.getByText('Subscribe to everything')).toBeVisible();
  await expect(commands.locator('code').first()).toHaveText(
    'mosquitto_sub -h 127.0.0.1 -u "$MQTT_USERNAME" -P "$MQTT_PASSWORD" -v -t "$MQTT_TOPIC_PREFIX/#"',
  );
  const [guideBox, labBox] = [await guide.boundingBox(), await lab.boundingBox()];
  expect(labBox!.x).toBeGreaterThanOrEqual(guideBox!.x + guideBox!.width - 1);
  expect(Math.abs(labBox!.y - guideBox!.y)).toBeLessThan(40);
  await lab.getByRole('button', { name: 'Start' }).click();
  await expect(lab.locator('.env-toolbar .ant-tag', { hasText: 'Running' })).toBeVisible({
    timeout: 30_000,
  });
  const frame = lab.locator('iframe').first();
  await expect(frame).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => page.frames().some((f) => /\.labs\.localhost/.test(f.url())), { timeout: 30_000 })
    .toBe(true);
  await expect(
    frame.contentFrame().locator('[data-device-id="temp"] .lab-device__number'),
  ).toHaveText(/^\d+(\.\d)?$/, { timeout: 30_000 });
  // One click puts a command at the terminal's prompt, and its tab shows.
  await commands.getByRole('button', { name: 'Send to terminal' }).first().click();
  const terminal = lab.frameLocator('iframe[title$="物联网终端"]');
  await expect(terminal.locator('.xterm-rows')).toContainText(
    'mosquitto_sub -h 127.0.0.1 -u "$MQTT_USERNAME"',
    { timeout: 30_000 },
  );
  await expect(lab.getByRole('tab', { name: '物联网终端', selected: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/courses-study-lab.png' });
  await lab.getByRole('button', { name: 'Stop' }).click();
  await expect(lab.locator('iframe')).toHaveCount(0);

  // Narrow screens: the hall and a step fit 480 px.
  await page.setViewportSize({ width: 480, height: 900 });
  await page.goto('/sch_edu/course/index');
  await expect(page.locator('.cs-card', { hasText: 'MQTT and sensors' })).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: 'test-results/courses-hall-480.png' });
  await page
    .locator('.cs-card', { hasText: 'MQTT and sensors' })
    .getByRole('link', { name: 'MQTT and sensors' })
    .click();
  await page
    .getByRole('navigation', { name: 'Course outline' })
    .getByRole('link', { name: /1-1 Publish and subscribe/ })
    .click();
  await expect(page.getByRole('heading', { name: '1-1 Publish and subscribe' })).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: 'test-results/courses-study-480.png' });
});
