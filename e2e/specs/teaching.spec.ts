import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { teachingApi, type TaskDetail } from '@platform/contract';
import {
  answerDemoQuiz,
  api,
  apiToken,
  choose,
  mainMenu,
  ok,
  signInWithForm,
  skipAnnouncement,
  switchLanguage,
} from '../support';

const TASK = 'MQTT 报告实训（端到端）';
const COURSE = 'MQTT 与传感器';
const CLASS = '物联网应用技术2026级1班';
const REQUIREMENTS = '完成测验并提交实验报告，写明订阅到的主题。';
const REPORT = '订阅 labs/+/devices/temp/telemetry 收到了三条温度消息。';
const COMMENT = '报告条理清楚，主题层级说明准确。';
const SCORE = 88;
/** Screenshots of each page the flow passes, kept with the run's results for a look. */
const SHOTS = path.join(import.meta.dirname, '..', 'test-results', 'teaching-shots');
/** The steps the task keeps of the course, in order. */
const STEPS = [/1-1 发布与订阅/, /2-1 小测验/, /2-3 实验报告/];

/** The teaching task this file issues, known once the teacher has issued it. */
let taskId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

/** The whole page from its top, so that the fixed header stays where it belongs. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A popover once it has faded in. */
const shown = (panel: Locator) =>
  expect
    .poll(() => panel.evaluate((el) => getComputedStyle(el.closest('.ant-popover')!).opacity))
    .toBe('1');

/** The page body is no wider than the window (one pixel of rounding allowed). */
const bodyWidth = (page: Page) =>
  page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    window: window.innerWidth,
  }));

async function signedIn(browser: Browser, request: APIRequestContext, user: string, width = 1440) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await skipAnnouncement(page, request);
  await signInWithForm(page, user);
  return { page, close: () => context.close() };
}

/** The header's bell with its unread count. */
const bell = (page: Page) => page.getByRole('button', { name: /^通知，\d+ 条未读$/ });

/** Narrows the task detail's students to one (a class may have hundreds, 20 to a page). */
async function findStudent(page: Page, username: string) {
  await page.getByRole('searchbox', { name: '搜索学生姓名或账号' }).fill(username);
}

/** Nothing of the signed-in shell is on a full-screen page. */
async function expectFullScreen(page: Page) {
  await expect(mainMenu(page)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: '侧边菜单' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^通知/ })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: '语言' })).toHaveCount(0);
}

test('teacher01 issues a teaching task of the demo course to student01’s class', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await skipAnnouncement(page, request);
  await signInWithForm(page, 'teacher01');
  await page.goto('/sch_edu/teaching/tasks');
  await expect(page.getByText('教学任务', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: '新建任务' }).click();
  await expect(page).toHaveURL(/\/teaching\/tasks\/add$/);

  const form = page.locator('form');
  await form.getByLabel('任务名称').fill(TASK);
  await form.getByRole('radio', { name: '练习' }).check();
  await choose(page, form, '课程', COURSE);
  // A chosen course offers all its steps; the task keeps the reading, the quiz and the report.
  const steps = form.getByRole('tree');
  await expect(steps.getByRole('checkbox', { name: '2-3 实验报告 · 实验报告' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  for (const step of [
    '1-2 视频：一条消息的旅程 · 视频',
    '1-3 主题速查表 · PDF',
    '2-2 实训：订阅传感器数据 · 实训',
  ])
    await steps.getByRole('checkbox', { name: step }).click();
  for (const step of ['1-1 发布与订阅 · 图文', '2-1 小测验 · 练习', '2-3 实验报告 · 实验报告'])
    await expect(steps.getByRole('checkbox', { name: step })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  await expect(
    steps.getByRole('checkbox', { name: '2-2 实训：订阅传感器数据 · 实训' }),
  ).toHaveAttribute('aria-checked', 'false');
  await form.getByRole('radio', { name: '整个班级' }).check();
  await choose(page, form, '班级', CLASS);
  await form.getByRole('radio', { name: '时长' }).check();
  await form.getByRole('spinbutton', { name: '时长（分钟）' }).fill('90');
  await form.getByLabel('任务要求').fill(REQUIREMENTS);
  await shot(page, 'teacher-new-task-1440');
  await form.getByRole('button', { name: '下发任务' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `确定下发任务「${TASK}」吗？` });
  await confirm.getByRole('button', { name: '确定' }).click();

  await expect(page.getByText('任务已下发')).toBeVisible();
  await expect(page).toHaveURL(/\/teaching\/tasks\/detail\?id=\d+$/);
  taskId = new URL(page.url()).searchParams.get('id')!;
  const summary = page.locator('.ant-card', { has: page.getByText(TASK, { exact: true }) });
  await expect(summary.getByText('进行中')).toBeVisible();
  await expect(summary.getByText(COURSE)).toBeVisible();
  await expect(summary.getByText(CLASS)).toBeVisible();
  await expect(summary.getByText('90 分钟')).toBeVisible();
  await expect(summary.getByText(REQUIREMENTS)).toBeVisible();
  const outline = page.locator('.ant-card', { hasText: '章节与步骤' });
  await expect(outline.locator('.teaching-step')).toHaveText(STEPS);
  await findStudent(page, 'student01');
  await expect(page.getByRole('row', { name: /李明\s*student01/ })).toBeVisible();
  await shot(page, 'teacher-task-detail-1440');

  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/teaching\/tasks$/);
  const row = page.getByRole('row', { name: new RegExp(TASK) });
  await expect(row).toContainText(COURSE);
  await expect(row).toContainText(CLASS);
  await expect(row).toContainText('90 分钟');
  await expect(row).toContainText('进行中');
  await expect(row).toContainText(/已提交 0 · 未提交 (\d+) · 已评分 0（共 \1 人）/);
  await shot(page, 'teacher-task-list-1440');
  await row.getByRole('button', { name: '详情' }).click();
  await expect(page).toHaveURL(new RegExp(`/teaching/tasks/detail\\?id=${taskId}$`));
});

test('student01 is told of the task, does it and submits a report', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { page, close } = await signedIn(browser, request, 'student01');

  // The bell counts the new task among the unread notices.
  await expect(bell(page)).toBeVisible();
  await expect(page.locator('.notice-bell__badge')).toHaveText(/^[1-9]\d*$/);
  await bell(page).click();
  const notices = page.getByRole('region', { name: '未读通知' });
  const notice = notices.getByRole('button', { name: new RegExp(`新任务：${TASK}`) });
  await expect(notice).toContainText('新任务');
  await shown(notices);
  await shot(page, 'student-bell-1440');
  await bell(page).click();
  await expect(notices).toBeHidden();

  await mainMenu(page).getByRole('link', { name: '我的任务' }).click();
  await expect(page.getByRole('heading', { name: '我的任务' })).toBeVisible();
  const card = page.locator('.ts-card', { hasText: TASK });
  await expect(card).toContainText(COURSE);
  await expect(card).toContainText('王老师');
  await expect(card).toContainText('限时 90 分钟');
  await expect(card).toContainText('剩余 01:30:00');
  await shot(page, 'student-my-tasks-1440');
  await card.getByRole('button', { name: '查看任务' }).click();

  // Task info: the requirements and the three steps.
  await expect(page).toHaveURL(/\/task\/info\?id=\d+$/);
  const studentTaskId = new URL(page.url()).searchParams.get('id')!;
  await expect(page.getByRole('heading', { name: TASK })).toBeVisible();
  await expect(page.getByText(REQUIREMENTS)).toBeVisible();
  const infoOutline = page.getByRole('navigation', { name: '任务步骤' });
  await expect(infoOutline.getByRole('link')).toHaveText(STEPS);
  await shot(page, 'student-task-info-1440');
  await page.getByRole('button', { name: '开始任务' }).click();

  // The full-screen task page, at its first step, with the clock running down from 90 minutes.
  await expect(page).toHaveURL(new RegExp(`/task/do/task\\?id=${studentTaskId}&step=\\d+$`));
  await expect(page.getByRole('heading', { name: '1-1 发布与订阅' })).toBeVisible();
  await expectFullScreen(page);
  const timer = page.getByRole('timer', { name: '剩余时间' });
  await expect(timer).toHaveText(/剩余 01:(29|30):\d\d/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first!);
  await shot(page, 'student-task-page-1440');

  const steps = page.getByRole('navigation', { name: '步骤列表' });
  await steps.getByRole('link', { name: /2-1 小测验/ }).click();
  await expect(page.getByRole('heading', { name: '2-1 小测验' })).toBeVisible();
  await answerDemoQuiz(page, 'zh');
  await expect(page.getByText('得分：20 / 20')).toBeVisible();
  await expect(
    steps.getByRole('link', { name: /1-1 发布与订阅/ }).getByLabel('已完成'),
  ).toBeVisible();
  await expect(steps.getByRole('link', { name: /2-1 小测验/ }).getByLabel('已完成')).toBeVisible();
  await shot(page, 'student-task-quiz-1440');

  // The report, written in its step: saved on its own as a draft.
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('heading', { name: '2-3 实验报告' })).toBeVisible();
  const editor = page.getByRole('textbox', { name: '实验报告' });
  await editor.click();
  await page.keyboard.type(REPORT);
  const saved = page.getByRole('status').filter({ hasText: /^已保存于 / });
  await expect(saved).toBeVisible();
  await shot(page, 'student-report-draft-1440');
  await page.reload();
  await expect(editor).toContainText(REPORT);
  await expect(page.getByText('已恢复本机上尚未保存到服务器的报告内容')).toHaveCount(0);
  await page.getByRole('button', { name: '任务详情' }).click();
  const detail = page.getByRole('dialog', { name: '任务详情' });
  await expect(detail.getByText('报告：草稿')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  await page.getByRole('button', { name: '提交报告' }).click();
  const confirm = page.getByRole('dialog', { name: '只提交实验报告？' });
  await expect(confirm).toContainText('任务的其他步骤仍可继续完成');
  await confirm.getByRole('button', { name: '提交报告' }).click();
  await expect(confirm).toBeHidden();
  // The report alone is submitted: its step is done, the task's clock goes on.
  await expect(editor).toHaveCount(0);
  await expect(page.locator('.cs-study__content').getByText(REPORT)).toBeVisible();
  await expect(page.locator('.cs-study__title').getByText('已完成')).toBeVisible();
  await expect(
    steps.getByRole('link', { name: /2-3 实验报告/ }).getByLabel('已完成'),
  ).toBeVisible();
  await expect(timer).toBeVisible();
  await shot(page, 'student-report-submitted-1440');

  // Submitting the task is its own act: it says what goes in, then the clock stops.
  await page.getByRole('button', { name: '提交任务' }).click();
  const submitTask = page.getByRole('dialog', { name: '提交整个任务？' });
  await expect(submitTask).toContainText('实验报告已经提交。');
  await submitTask.getByRole('button', { name: '提交任务' }).click();
  await expect(submitTask).toBeHidden();
  await expect(timer).toHaveCount(0);
  await expect(page.getByRole('button', { name: '提交任务' })).toHaveCount(0);

  // My reports lists it as submitted; its report info shows it, full screen.
  await page.getByRole('button', { name: '返回任务信息' }).click();
  await expect(page.getByRole('heading', { name: TASK })).toBeVisible();
  await expect(page.locator('.ant-descriptions-item', { hasText: '剩余时间' })).toContainText(
    '已提交',
  );
  const progress = page.getByRole('progressbar', { name: '完成进度 100%' });
  expect((await progress.boundingBox())!.width).toBeGreaterThan(100);
  await shot(page, 'student-task-submitted-1440');
  const side = page.getByRole('navigation', { name: '侧边菜单' });
  // My reports is reached through the side menu, unfolded first if it is folded.
  if (await page.getByRole('button', { name: '展开菜单' }).isVisible())
    await page.getByRole('button', { name: '展开菜单' }).click();
  await side.getByRole('menuitem', { name: '我的报告' }).click();
  await expect(page.getByRole('heading', { name: '我的报告' })).toBeVisible();
  const report = page.locator('.ts-row', { hasText: TASK });
  await expect(report).toContainText('报告：已提交');
  await expect(report).toContainText(/提交于 /);
  await shot(page, 'student-my-reports-1440');
  await report.getByRole('link', { name: TASK }).click();
  await expect(page).toHaveURL(new RegExp(`/report/reportInfo\\?id=${studentTaskId}$`));
  await expect(page.getByRole('heading', { name: TASK })).toBeVisible();
  await expect(page.getByText('报告：已提交')).toBeVisible();
  await expect(page.getByText(REPORT)).toBeVisible();
  await expectFullScreen(page);
  await shot(page, 'student-report-info-1440');
  await close();
});

test('teacher01 reviews student01’s report, scores it and issues the scores', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const teacher = await signedIn(browser, request, 'teacher01');
  let page = teacher.page;
  await page.goto(`/sch_edu/teaching/tasks/detail?id=${taskId}`);
  await findStudent(page, 'student01');
  const row = page.getByRole('row', { name: /李明\s*student01/ });
  await expect(row.getByLabel('已完成 3 / 3 个步骤')).toBeVisible();
  await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(row).toContainText('报告已提交');
  await expect(row).toContainText('20 / 20');
  await row.getByRole('button', { name: '展开行' }).click();
  const stepRows = page.locator('.ant-table-expanded-row');
  await expect(stepRows.getByRole('row', { name: /2-3 实验报告\s*已完成/ })).toBeVisible();
  await shot(page, 'teacher-progress-1440');

  await row.getByRole('button', { name: '评阅' }).click();
  await expect(page).toHaveURL(/\/teaching\/tasks\/review\?id=\d+$/);
  await expect(page.getByText(`李明 · ${TASK}`)).toBeVisible();
  const reportCard = page.locator('.ant-card', {
    has: page.getByText('实验报告', { exact: true }),
  });
  await expect(reportCard.getByText('报告已提交')).toBeVisible();
  await expect(reportCard.getByText(REPORT)).toBeVisible();
  const scoreCard = page.locator('.ant-card', { has: page.getByText('评分', { exact: true }) });
  await scoreCard.getByRole('spinbutton', { name: '分数' }).fill(String(SCORE));
  await scoreCard.getByLabel('评语').fill(COMMENT);
  await scoreCard.getByRole('button', { name: '保存评分' }).click();
  await expect(page.getByText('评分成功')).toBeVisible();
  await shot(page, 'teacher-review-1440');

  // Scores are issued only when every student has one; the classmates are scored through the
  // API, since scoring each through the page repeats the clicks above.
  const token = await apiToken(request, 'teacher01');
  const task = await ok<TaskDetail>(
    api(request, token, teachingApi.taskDetail, undefined, { params: { id: taskId } }),
  );
  for (const s of task.students.filter((s) => s.username !== 'student01'))
    await ok(
      api(request, token, teachingApi.taskScore, {
        studentTaskId: s.studentTaskId,
        score: 60,
        comment: '未提交实验报告。',
      }),
    );

  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(new RegExp(`/teaching/tasks/detail\\?id=${taskId}$`));
  await findStudent(page, 'student01');
  await expect(row).toContainText(String(SCORE));
  await expect(row).toContainText('已批阅');
  await page.getByRole('button', { name: '下发成绩' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '下发成绩' }).click();
  await expect(page.getByText('成绩已下发').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '下发成绩' })).toHaveCount(0);
  await expect(row).toContainText('成绩已下发');
  await shot(page, 'teacher-scores-issued-1440');
  await teacher.close();

  // student01 is told, and the notice opens the task with its score and comment.
  const student = await signedIn(browser, request, 'student01');
  page = student.page;
  await bell(page).click();
  const issued = page
    .getByRole('region', { name: '未读通知' })
    .getByRole('button', { name: new RegExp(`成绩已发布：${TASK}`) });
  await expect(issued).toContainText('成绩发布');
  await shown(issued);
  await shot(page, 'student-scores-notice-1440');
  await issued.click();
  await expect(page).toHaveURL(/\/task\/info\?id=\d+$/);
  await expect(page.getByRole('heading', { name: TASK })).toBeVisible();
  await expect(page.getByText(`成绩：${SCORE} 分`)).toBeVisible();
  await expect(page.getByText(`教师评语：${COMMENT}`)).toBeVisible();
  await expect(page.getByRole('region', { name: '未读通知' })).toBeHidden();
  await shot(page, 'student-score-1440');
  await student.close();
});

test('student01’s tasks and task page fit 480 px, and read in English', async ({
  browser,
  request,
}) => {
  const { page, close } = await signedIn(browser, request, 'student01', 480);
  await page.goto('/sch_edu/task/list');
  const card = page.locator('.ts-card', { hasText: TASK });
  await expect(card).toContainText(`成绩：${SCORE} 分`);
  let width = await bodyWidth(page);
  expect(width.scroll, JSON.stringify(width)).toBeLessThanOrEqual(480 + 1);
  await shot(page, 'student-my-tasks-480');

  await card.getByRole('button', { name: '查看任务' }).click();
  await expect(page.getByRole('heading', { name: TASK })).toBeVisible();
  width = await bodyWidth(page);
  expect(width.scroll, JSON.stringify(width)).toBeLessThanOrEqual(480 + 1);
  await shot(page, 'student-task-info-480');
  await page.getByRole('button', { name: '查看内容' }).click();
  await expect(page.getByRole('heading', { name: '1-1 发布与订阅' })).toBeVisible();
  await expect(page.getByRole('button', { name: '步骤列表' })).toBeVisible();
  width = await bodyWidth(page);
  expect(width.scroll, JSON.stringify(width)).toBeLessThanOrEqual(480 + 1);
  await shot(page, 'student-task-page-480');
  await page.getByRole('button', { name: '步骤列表' }).click();
  await page
    .getByRole('dialog', { name: '步骤列表' })
    .getByRole('link', { name: /2-3 实验报告/ })
    .click();
  await expect(page.getByRole('heading', { name: '2-3 实验报告' })).toBeVisible();
  await expect(page.getByText(REPORT)).toBeVisible();
  width = await bodyWidth(page);
  expect(width.scroll, JSON.stringify(width)).toBeLessThanOrEqual(480 + 1);
  await shot(page, 'student-task-report-480');

  // English, switched in the header as anywhere else.
  await page.goto('/sch_edu/task/list');
  await switchLanguage(page, 'en-US');
  await expect(page.getByRole('heading', { name: 'My tasks' })).toBeVisible();
  const en = page.locator('.ts-card', { hasText: TASK });
  await expect(en).toContainText('MQTT and sensors');
  await expect(en).toContainText('90 minutes');
  await expect(en).toContainText(`Score: ${SCORE}`);
  await expect(en.getByRole('button', { name: 'Open task' })).toBeVisible();
  width = await bodyWidth(page);
  expect(width.scroll, JSON.stringify(width)).toBeLessThanOrEqual(480 + 1);
  await shot(page, 'student-my-tasks-480-en');
  await en.getByRole('button', { name: 'Open task' }).click();
  await expect(page.getByRole('heading', { name: TASK })).toBeVisible();
  await expect(page.getByText(`Teacher’s comment: ${COMMENT}`)).toBeVisible();
  await shot(page, 'student-task-info-480-en');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Look back' }).click();
  await expect(page.getByRole('heading', { name: '1-1 Publish and subscribe' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Steps' })).toBeVisible();
  await shot(page, 'student-task-page-1440-en');
  await close();
});
