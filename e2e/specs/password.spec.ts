import { expect, test } from '@playwright/test';
import { classesApi, studentsApi, usersApi } from '@platform/contract';
import { apiToken, DEMO_PASSWORD, signInWithForm, skipAnnouncement } from '../support';

const NEW_PASSWORD = 'Changed_pw#1';

test('changing the password signs the user out, and the new password signs in', async ({
  page,
  request,
}) => {
  await skipAnnouncement(page, request);
  await signInWithForm(page, 'teacher01');
  await page.getByRole('button', { name: '王老师' }).click();
  await page.getByRole('button', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: '原密码' })).toBeVisible();
  await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(650);

  await dialog.getByRole('textbox', { name: '新密码', exact: true }).fill('ab-1');
  await dialog.getByRole('textbox', { name: '原密码' }).click();
  await expect(dialog.getByText('长度过短')).toBeVisible();
  await dialog.getByRole('textbox', { name: '新密码', exact: true }).fill(NEW_PASSWORD);
  await dialog.getByRole('textbox', { name: '确认新密码' }).fill('Something_else1');
  await dialog.getByRole('textbox', { name: '原密码' }).click();
  await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible();

  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  await dialog.getByRole('textbox', { name: '原密码' }).fill(DEMO_PASSWORD);
  await dialog.getByRole('textbox', { name: '确认新密码' }).fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('密码修改成功，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('用户名').fill('teacher01');
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '用户名或密码错误' })).toBeVisible();

  await signInWithForm(page, 'teacher01', NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: '你好，王老师' })).toBeVisible();

  const token = await apiToken(request, 'teacher01', NEW_PASSWORD);
  const me = await (
    await request.get(usersApi.current.path, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const back = await request.put(usersApi.changePassword.path, {
    headers: { authorization: `Bearer ${token}` },
    data: { userId: me.data.id, oldPwd: NEW_PASSWORD, newPwd: DEMO_PASSWORD },
  });
  expect((await back.json()).code).toBe(200);
});

test('a new student must change the default password at first sign-in, and nothing else opens until then', async ({
  page,
  request,
}) => {
  const admin = { authorization: `Bearer ${await apiToken(request, 'schooladmin01')}` };
  const classes = await (await request.get(classesApi.page.path, { headers: admin })).json();
  const stuNo = `first${Date.now().toString().slice(-8)}`;
  const added = await request.post(studentsApi.save.path, {
    headers: admin,
    data: { stuNo, name: '首登同学', sex: 2, classId: classes.data.records[0].id },
  });
  expect((await added.json()).code).toBe(200);

  await page.goto('/login');
  await page.getByLabel('用户名').fill(stuNo);
  await page.getByLabel('密码').fill('Edu_123456');
  await page.getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog.getByText('首次登录请先修改')).toBeVisible();
  // The system announcement (shown 2 s after the shell mounts) waits for the next sign-in.
  await page.waitForTimeout(2_500);
  await expect(page.getByRole('dialog', { name: '系统公告' })).toHaveCount(0);
  await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(650);
  await page.screenshot({ path: 'test-results/password-forced-change.png' });
  await expect(dialog.getByRole('button', { name: '取消' })).toHaveCount(0);
  await page.mouse.click(5, 5);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.goto('/sch_edu/workbench');
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('heading', { name: '你好，首登同学' })).toHaveCount(0);

  const held = await request.get(classesApi.page.path, {
    headers: { authorization: `Bearer ${await apiToken(request, stuNo, 'Edu_123456')}` },
  });
  expect(held.status()).toBe(403);
  expect((await held.json()).errorKey).toBe('auth.password_change_required');

  await dialog.getByRole('textbox', { name: '原密码' }).fill('Edu_123456');
  await dialog.getByRole('textbox', { name: '新密码', exact: true }).fill(stuNo);
  await dialog.getByRole('textbox', { name: '确认新密码' }).fill(stuNo);
  await dialog.getByRole('textbox', { name: '原密码' }).click();
  await expect(dialog.getByText('密码不能与用户名或姓名相同')).toBeVisible();
  await dialog.getByRole('textbox', { name: '新密码', exact: true }).fill('password1');
  await dialog.getByRole('textbox', { name: '确认新密码' }).fill('password1');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('密码过于常见，容易被猜中，请换一个')).toBeVisible();
  await dialog.getByRole('textbox', { name: '新密码', exact: true }).fill('First_own_2026');
  await dialog.getByRole('textbox', { name: '确认新密码' }).fill('First_own_2026');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('密码修改成功，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await signInWithForm(page, stuNo, 'First_own_2026');
  await expect(page.getByRole('heading', { name: '你好，首登同学' })).toBeVisible();
});
