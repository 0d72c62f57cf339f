import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { billingApi, labsApi, pathOf, type Account } from '@platform/contract';
import { apiToken, signInWithForm, skipAnnouncement } from '../support';

test.describe.configure({ timeout: 180_000 });

/** Picks an option of a select in the open dialog; searchable selects are narrowed first. */
async function choose(page: Page, label: string, option: string, search = false) {
  const box = page.getByRole('dialog').getByRole('combobox', { name: label });
  await box.click();
  if (search) await box.fill(option);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

const yuan = (fen: number) =>
  (fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function demoSchoolId(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get(`${billingApi.accountPage.path}?name=演示职业技术学院`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()).data.records[0].schoolId as string;
}

async function accountOf(request: APIRequestContext, token: string, schoolId: string) {
  const res = await request.get(pathOf(billingApi.accountDetail.path, { schoolId }), {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()).data as Account;
}

test('an operator sells a package and recharges the demo school; a lab’s use lowers its balance; an empty balance refuses the start', async ({
  page,
  request,
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const operatorToken = await apiToken(request, 'operator01');
  const schoolId = await demoSchoolId(request, operatorToken);

  // operator01: a package, published, and a recharge order for the demo school.
  await skipAnnouncement(page, request);
  await signInWithForm(page, 'operator01');
  await page.goto('/sch_edu/operation/packages');
  await page.getByRole('button', { name: '新增套餐' }).click();
  const editor = page.getByRole('dialog', { name: '新增套餐' });
  const packageName = `E2E 实训套餐 ${suffix}`;
  await editor.getByLabel('套餐名称').fill(packageName);
  await editor.getByLabel('计时套餐').check();
  await editor.getByLabel('年时长（小时）').fill('200');
  await editor.getByLabel('价格（元）').fill('3000');
  await editor.getByLabel('期数（月）').fill('12');
  await choose(page, '状态', '生效');
  await editor.getByLabel('有效期叠加').check();
  await editor.getByLabel('立即生效').check();
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(editor).toBeHidden();
  const packageRow = page.getByRole('row').filter({ hasText: packageName });
  await packageRow.getByRole('button', { name: '发布', exact: true }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: '确定' }).click();
  await expect(packageRow.getByText('已发布')).toBeVisible();

  // A price of the terminal's CPU time from now on, 36 yuan a core-hour, so that a lab of a few
  // seconds costs a few fen (the price dialog, which takes prices from the next minute on, has
  // its own tests).
  const priced = await request.post(billingApi.priceAdd.path, {
    headers: { authorization: `Bearer ${operatorToken}` },
    data: {
      item: 'cpu_hour',
      envKind: 'TERMINAL',
      unitFen: 3600,
      effectiveFrom: new Date().toISOString(),
    },
  });
  expect((await priced.json()).code).toBe(200);

  await page.goto('/sch_edu/operation/orders');
  await page.getByRole('button', { name: '新增订单' }).click();
  const orderDialog = page.getByRole('dialog', { name: '新增订单' });
  await choose(page, '学校', '演示职业技术学院', true);
  await orderDialog.getByLabel('金额', { exact: true }).check();
  const orderNo = `E2E-${suffix}`;
  await orderDialog.getByLabel('订单号').fill(orderNo);
  await orderDialog.getByLabel('充值金额（元）').fill('100');
  // The expiry is typed into its picker as shown there; Enter takes it.
  const expiry = orderDialog.getByLabel('到期时间');
  await expiry.fill('2030-12-31 00:00');
  await expiry.press('Enter');
  await expect(expiry).toHaveValue('2030-12-31 00:00');
  await orderDialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('订单已添加，余额已到账')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: orderNo })).toBeVisible();

  // student01: the price before Start, then a terminal lab that runs and stops.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await skipAnnouncement(student, request);
  await signInWithForm(student, 'student01');
  const before = await accountOf(request, operatorToken, schoolId);
  await student.goto('/sch_edu/environment/index');
  await student
    .locator('.env-card', { hasText: 'Linux 终端实验' })
    .getByRole('button', { name: '进入实验' })
    .click();
  const cost = student.getByLabel('费用预估');
  await expect(cost).toContainText(/费用 [\d.,]+ 元 \/ 小时/);
  await expect(cost).toContainText(`学校余额 ${yuan(before.totalFen)} 元`);
  await student.getByRole('button', { name: '启动' }).click();
  const terminal = student.frameLocator('iframe[title="Linux 终端实验"]');
  await expect(terminal.locator('.xterm-rows')).toContainText('lab:~$', { timeout: 30_000 });
  await student.waitForTimeout(2_000);
  await student.getByRole('button', { name: '停止' }).click();
  await expect(student.getByText('未运行')).toBeVisible();

  // The stopped lab is charged at once.
  let after = before;
  await expect
    .poll(async () => (after = await accountOf(request, operatorToken, schoolId)).totalFen, {
      timeout: 20_000,
    })
    .toBeLessThan(before.totalFen);

  // schooladmin01: the usage detail of the lab and the lowered balance.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await skipAnnouncement(admin, request);
  await signInWithForm(admin, 'schooladmin01');
  await admin.goto('/sch_edu/school/usage');
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const usageRow = admin
    .getByRole('row')
    .filter({ hasText: 'Linux 终端实验' })
    .filter({ hasText: today })
    .first();
  await expect(usageRow).toBeVisible();
  await expect(usageRow).toContainText('李明');
  await admin.goto('/sch_edu/school/account');
  await expect(admin.getByText(yuan(after.totalFen)).first()).toBeVisible();
  await admin.screenshot({ path: 'test-results/billing-account.png', fullPage: true });

  // With the balance taken to zero, the start is refused with its reason.
  const refund = await request.post(billingApi.adjust.path, {
    headers: { authorization: `Bearer ${operatorToken}` },
    data: {
      idempotencyKey: randomUUID().replace(/-/g, ''),
      schoolId,
      kind: 'refund',
      rechargeFen: -after.rechargeFen,
      giftFen: -after.giftFen,
      reason: 'E2E: balance taken to zero',
    },
  });
  expect((await refund.json()).data.totalFen).toBe(0);
  try {
    await student.reload();
    const refusal = '学校账户余额不足，无法启动实验，请联系学校管理员充值';
    await expect(student.getByText(refusal)).toBeVisible();
    await expect(student.getByRole('button', { name: '启动' })).toBeDisabled();
    await student.screenshot({ path: 'test-results/billing-refused.png' });
    const studentToken = await apiToken(request, 'student01');
    const envId = new URL(student.url()).searchParams.get('id')!;
    const start = await request.post(labsApi.start.path, {
      headers: { authorization: `Bearer ${studentToken}` },
      data: { expEnvId: envId },
    });
    expect(start.status()).toBe(402);
    expect((await start.json()).message).toBe(refusal);
  } finally {
    // The labs of the browser tests after this one need the demo school's balance and price back.
    await request.post(billingApi.priceAdd.path, {
      headers: { authorization: `Bearer ${operatorToken}` },
      data: {
        item: 'cpu_hour',
        envKind: 'TERMINAL',
        unitFen: 30,
        effectiveFrom: new Date().toISOString(),
      },
    });
    await request.post(billingApi.orderAdd.path, {
      headers: { authorization: `Bearer ${operatorToken}` },
      data: {
        idempotencyKey: randomUUID().replace(/-/g, ''),
        schoolId,
        type: 'amount',
        rechargeFen: after.rechargeFen,
        giftFen: after.giftFen,
        effectiveAt: new Date(Date.now() - 60_000).toISOString(),
        expiresAt: '2030-12-31T00:00:00.000Z',
        remark: 'E2E: balance restored',
      },
    });
  }
  await studentContext.close();
  await adminContext.close();
});
