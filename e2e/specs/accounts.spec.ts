import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import writeExcelFile from 'write-excel-file/node';
import { classesApi } from '@platform/contract';
import { apiToken, signInChangingPassword, signInWithForm, skipAnnouncement } from '../support';

const DEFAULT_PASSWORD = 'Edu_123456';
const CLASS = '物联网应用技术2026级1班';

/** Answers yes in the open confirmation (a popover or a dialog). */
async function confirm(page: Page) {
  await page
    .locator('.ant-popconfirm:visible, .ant-modal-confirm:visible, .ant-modal:visible')
    .getByRole('button', { name: /^确\s?定$/ })
    .click();
}

async function signInRefused(browser: Browser, username: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  return { page, context };
}

test('a school administrator imports 200 students from the template, sees the bad rows, and an imported student signs in, changing the default password first', async ({
  page,
  request,
  browser,
}) => {
  await skipAnnouncement(page, request);
  await signInWithForm(page, 'schooladmin01');
  await page.goto('/sch_edu/school/students');
  await page.getByRole('button', { name: '导入' }).click();
  const dialog = page.getByRole('dialog', { name: '导入学生' });
  await expect(dialog).toBeVisible();

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载导入模板' }).click();
  const download = await downloading;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-import-'));
  const templatePath = path.join(dir, download.suggestedFilename());
  await download.saveAs(templatePath);
  expect(templatePath).toMatch(/\.xlsx$/);

  // The template's header row, without its example row.
  const header = (await readSheet(templatePath))[0]!.map(String);
  expect(header).toEqual(
    expect.arrayContaining(['姓名', '学号', '性别', '手机号', '班级', '密码']),
  );
  const prefix = `e2e${Date.now().toString().slice(-7)}`;
  const good = Array.from({ length: 195 }, (_, i) => [
    `导入学生${i + 1}`,
    `${prefix}${String(i + 1).padStart(3, '0')}`,
    i % 2 ? '女' : '男',
    `139${String(10_000_000 + i)}`,
    CLASS,
    '',
  ]);
  const bad = [
    ['手机号错误', `${prefix}b01`, '男', '12345', CLASS, ''],
    ['学号重复', `${prefix}001`, '男', '', CLASS, ''],
    ['班级不存在', `${prefix}b03`, '女', '', '不存在的班级', ''],
    ['性别错误', `${prefix}b04`, '未知', '', CLASS, ''],
    ['', `${prefix}b05`, '男', '', CLASS, ''],
  ];
  const filePath = path.join(dir, '学生导入.xlsx');
  await writeExcelFile([header, ...good.slice(0, 100), ...bad, ...good.slice(100)]).toFile(
    filePath,
  );

  await dialog.locator('input[type=file]').setInputFiles(filePath);
  await expect(dialog.getByText('导入完成：成功 195 条，失败 5 条')).toBeVisible({
    timeout: 30_000,
  });
  const errors = dialog.getByRole('table');
  await expect(errors.getByRole('row')).toHaveCount(6);
  await expect(errors.getByRole('cell', { name: '12345' })).toBeVisible();
  await expect(errors.getByRole('cell', { name: '不存在的班级' })).toBeVisible();
  await expect(errors.getByRole('cell', { name: '未知' })).toBeVisible();
  await page.screenshot({ path: 'test-results/accounts-import-errors.png' });

  const reportDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载错误报告' }).click();
  const report = await readSheet(await (await reportDownload).path());
  expect(report).toHaveLength(6);

  await dialog.getByRole('button', { name: '关闭' }).first().click();
  await expect(page.getByRole('cell', { name: '导入学生195', exact: true })).toBeVisible();

  const student = await browser.newContext();
  const studentPage = await student.newPage();
  await skipAnnouncement(studentPage, request);
  await signInChangingPassword(studentPage, `${prefix}001`, DEFAULT_PASSWORD, 'Imported_own_1');
  await expect(studentPage.getByRole('button', { name: '导入学生1' })).toBeVisible();
  await student.close();
});

test('a disabled teacher cannot sign in', async ({ page, request, browser }) => {
  await skipAnnouncement(page, request);
  await signInWithForm(page, 'schooladmin01');
  await page.goto('/sch_edu/school/teachers');
  const row = page.getByRole('row').filter({ hasText: '刘老师' });
  await row.getByRole('switch').click();
  await confirm(page);
  await expect(page.getByText('已停用账号')).toBeVisible();
  await expect(row.getByText('已停用')).toBeVisible();

  const { page: login, context } = await signInRefused(browser, 'teacher02', 'Demo_123456');
  await expect(login.getByRole('alert').filter({ hasText: '账号已停用' })).toBeVisible();
  await login.screenshot({ path: 'test-results/accounts-teacher-disabled.png' });
  await context.close();

  await row.getByRole('switch').click();
  await confirm(page);
  await expect(row.getByText('正常')).toBeVisible();
});

test('deleting a class that holds students is refused with its message', async ({
  page,
  request,
}) => {
  await skipAnnouncement(page, request);
  await signInWithForm(page, 'schooladmin01');
  await page.goto('/sch_edu/school/classes');
  const row = page.getByRole('row').filter({ hasText: CLASS });
  await row.getByRole('button', { name: '删除' }).click();
  await confirm(page);
  await expect(page.getByText('该班级下存在学生，无法删除')).toBeVisible();
  await page.screenshot({ path: 'test-results/accounts-class-delete-refused.png' });

  const token = await apiToken(request, 'schooladmin01');
  const res = await request.get(classesApi.page.path, {
    headers: { authorization: `Bearer ${token}` },
  });
  const names = ((await res.json()).data.records as { name: string }[]).map((r) => r.name);
  expect(names).toContain(CLASS);
});
