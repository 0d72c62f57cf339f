import { expect, test } from '@playwright/test';
import { trialsApi } from '@platform/contract';
import { mainMenu, signInWithForm, skipAnnouncement } from '../support';

test('a visitor applies with the code from the outbox, and an operator sends the message that processes it', async ({
  page,
  request,
}) => {
  const phone = `136${String(Date.now()).slice(-8)}`;
  const sent = await request.post(trialsApi.sendCode.path, { params: { phone } });
  expect((await sent.json()).code).toBe(200);

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

  const applied = await request.post(trialsApi.apply.path, {
    data: {
      applicant: '端到端老师',
      phone,
      verificationCode: code,
      collegeName: '端到端职业学院',
      professionalName: '人工智能技术应用',
      productDirection: 'subject_llm',
      subjects: 'teaching_assistant,digital_human',
      interestedContent: '学科大模型助教',
    },
  });
  expect(await applied.json()).toMatchObject({
    code: 200,
    message: '提交成功，我们会尽快与您联系',
  });

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
