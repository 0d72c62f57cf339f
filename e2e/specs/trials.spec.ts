import { expect, test } from '@playwright/test';
import { mainMenu, signInWithForm, skipAnnouncement } from '../support';

test('a visitor applies with the code from the outbox, and an operator sends the message that processes it', async ({
  page,
  request,
  browser,
}) => {
  const phone = `136${String(Date.now()).slice(-8)}`;
  const visitorContext = await browser.newContext({ locale: 'zh-CN' });
  const visitor = await visitorContext.newPage();
  await skipAnnouncement(visitor, request);
  await visitor.goto('/home/index');
  await visitor
    .getByRole('navigation', { name: '快捷导航' })
    .getByRole('button', { name: '申请试用' })
    .click();
  const dialog = visitor.getByRole('dialog', { name: '申请试用' });
  const sendCode = dialog.getByRole('button', { name: '获取验证码' });
  await expect(sendCode).toBeDisabled();
  await dialog.getByLabel('手机号').fill(phone);
  await sendCode.click();
  await expect(dialog.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();

  await skipAnnouncement(page, request);
  await signInWithForm(page, 'operator01');
  await mainMenu(page).getByRole('link', { name: '运营管理' }).click();
  await page.getByRole('menuitem', { name: '短信发件箱' }).click();
  await page.getByLabel('按手机号搜索').fill(phone);
  await page.getByLabel('按手机号搜索').press('Enter');
  const codeRow = page.getByRole('row').filter({ hasText: phone });
  await expect(codeRow).toHaveCount(1);
  const text = (await codeRow.getByText('您的验证码为').textContent()) ?? '';
  const code = /\d{6}/.exec(text)?.[0] ?? '';
  expect(code).toMatch(/^\d{6}$/);

  await dialog.getByLabel('申请人').fill('端到端老师');
  await dialog.getByRole('textbox', { name: '验证码' }).fill(code);
  await dialog.getByLabel('学校名称').fill('端到端职业学院');
  await dialog.getByLabel('专业名称').fill('人工智能技术应用');
  await dialog.getByLabel('学科大模型').check();
  await dialog.getByLabel('AI 助教').check();
  await dialog.getByLabel('AI 数字人').check();
  await dialog.getByLabel('感兴趣的内容').fill('学科大模型助教');
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(visitor.getByText('申请已提交，我们会尽快与您联系')).toBeVisible();
  await expect(dialog).toBeHidden();
  await visitorContext.close();

  await page.getByRole('menuitem', { name: '试用管理' }).click();
  await page.getByLabel('搜索申请人、手机号或学校').fill(phone);
  await page.getByLabel('搜索申请人、手机号或学校').press('Enter');
  const row = page.getByRole('row').filter({ hasText: '端到端老师' });
  await expect(row.getByText('AI 助教、AI 数字人')).toBeVisible();
  await expect(row.getByText('申请中')).toBeVisible();
  await row.getByRole('button', { name: '发送短信' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('短信已发送，申请已处理')).toBeVisible();
  await expect(row.getByText('已处理')).toBeVisible();
  await expect(row.getByText(/陈运营 于/)).toBeVisible();
  await page.screenshot({ path: 'test-results/trials-processed.png' });

  await page.getByRole('menuitem', { name: '短信发件箱' }).click();
  await page.getByLabel('按手机号搜索').fill(phone);
  await page.getByLabel('按手机号搜索').press('Enter');
  await expect(page.getByRole('row').filter({ hasText: '试用通知' })).toContainText(
    '端到端老师您好，您的试用申请已受理',
  );
  await page.screenshot({ path: 'test-results/trials-outbox.png' });
});
