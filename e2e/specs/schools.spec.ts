import { expect, test, type Page } from '@playwright/test';
import { classesApi, studentsApi, teachersApi } from '@platform/contract';
import { apiToken, signInChangingPassword, signInWithForm, skipAnnouncement } from '../support';

const FIRST_SCHOOL_NAMES = ['物联网应用技术2026级1班', '王老师', '刘老师', '李明', '张华'];

/** Picks an option of a select in the open dialog; searchable selects are narrowed first. */
async function choose(page: Page, label: string, option: string, search = false) {
  const box = page.getByRole('dialog').getByRole('combobox', { name: label });
  await box.click();
  if (search) await box.fill(option);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

test("an operator creates a second school with its own administrator, who sees none of the first school's people", async ({
  page,
  request,
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const url = `sch_e2e_${suffix}`;
  const schoolName = `第二职业学院${suffix}`;
  const adminPhone = `137${String(Date.now()).slice(-8)}`;
  const adminPassword = 'Second_adm1';
  const ownPassword = 'Second_own_2';

  await skipAnnouncement(page, request);
  await signInWithForm(page, 'operator01');
  await page.goto('/sch_edu/operation/colleges');
  await page.getByRole('button', { name: '新增学校' }).click();
  const editor = page.getByRole('dialog', { name: '新增学校' });
  await editor.getByLabel('学校名称').fill(schoolName);
  await editor.getByLabel('学校地址前缀').fill(url);
  await choose(page, '学校类型', '高职院校');
  await choose(page, '省份', '广东省', true);
  await choose(page, '城市', '深圳市', true);
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(editor).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: schoolName });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '管理员' }).click();
  const admins = page.getByRole('dialog', { name: `学校管理员：${schoolName}` });
  await admins.getByLabel('姓名').fill('孙管理员');
  await admins.getByLabel('手机号').fill(adminPhone);
  await admins.getByLabel('密码').fill(adminPassword);
  await admins.getByRole('button', { name: '添加管理员' }).click();
  await expect(admins.getByRole('cell', { name: adminPhone }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/schools-second-admin.png' });

  const context = await browser.newContext();
  const admin = await context.newPage();
  await skipAnnouncement(admin, request);
  await signInChangingPassword(admin, adminPhone, adminPassword, ownPassword);
  await expect(admin).toHaveURL(new RegExp(`/${url}/`));
  const screens: [string, string][] = [
    ['school/classes', '暂无数据'],
    ['school/teachers', adminPhone],
    ['school/students', '暂无数据'],
  ];
  for (const [screen, shown] of screens) {
    await admin.goto(`/${url}/${screen}`);
    await expect(admin.getByRole('cell', { name: shown }).first()).toBeVisible();
    for (const name of FIRST_SCHOOL_NAMES) await expect(admin.getByText(name)).toHaveCount(0);
  }
  await admin.screenshot({ path: 'test-results/schools-second-admin-students.png' });
  await context.close();

  const token = await apiToken(request, adminPhone, ownPassword);
  const headers = { authorization: `Bearer ${token}` };
  for (const route of [classesApi.page.path, teachersApi.page.path, studentsApi.page.path]) {
    const body = await (await request.get(route, { headers })).json();
    expect(body.code).toBe(200);
    const text = JSON.stringify(body.data.records);
    for (const name of FIRST_SCHOOL_NAMES) expect(text).not.toContain(name);
  }
  const teachers = await (await request.get(teachersApi.page.path, { headers })).json();
  expect(teachers.data.records.map((t: { phone: string }) => t.phone)).toEqual([adminPhone]);
  const demoToken = await apiToken(request, 'schooladmin01');
  const demoClasses = await (
    await request.get(classesApi.page.path, { headers: { authorization: `Bearer ${demoToken}` } })
  ).json();
  const firstClass = demoClasses.data.records[0].id as string;
  const foreign = await request.get(`/api-user/classes/get/${firstClass}`, { headers });
  expect(foreign.status()).toBe(404);
});
