import { expect, test } from '../a11y';
import { apiCall, apiToken, signedIn } from '../support';

/**
 * Operations (issue 21): the administrator makes a product of a course in the browser and puts it on the
 * shelf; zhangsan buys it on the phone store (375 px), pays on the development provider's cashier (which
 * signs its callback like WeChat Pay), and opens the course; the administrator refunds the order on
 * order/info and zhangsan can no longer open the course.
 */

test.use({ viewport: { width: 375, height: 812 } });

const COURSE = '数据分析实战（付费课程）';
const S = '/course/api/v1/shop';

test('sell a course, pay through the development provider, refund and lose access', async ({
  page,
  browser,
}) => {
  const productName = `数据分析实战 ${Date.now().toString(36)}`;
  const zhangsan = await apiToken(page.request, 'zhangsan');
  const courses = await apiCall<{ courseId: number; name: string }[]>(
    page.request,
    await apiToken(page.request, 'admin'),
    'POST',
    '/course/api/v1/course/search?page=0&size=10',
    { keyword: '数据分析实战' },
  );
  const courseId = courses.find((c) => c.name === COURSE)!.courseId;
  const coursePage = `/course/api/v1/learn/course?courseId=${courseId}`;
  expect(
    (await page.request.get(coursePage, { headers: { authorization: `Bearer ${zhangsan}` } })).status(),
  ).toBe(404);

  // The administrator, on a desktop, creates the product and puts it on the shelf.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await desk.newPage();
  await signedIn(adminPage, 'admin', '/manage/operation/product/add');
  await adminPage.getByLabel('商品名称').fill(productName);
  await adminPage.getByLabel('包含的课程').click();
  await adminPage.getByLabel('包含的课程').fill('数据分析');
  await adminPage.locator('.ant-select-item-option', { hasText: COURSE }).click();
  await adminPage.keyboard.press('Escape');
  await adminPage.getByLabel('价格（元）').fill('-5');
  await adminPage.getByRole('button', { name: /保\s*存/ }).click();
  await expect(adminPage.getByText('价格须为不小于 0 的金额，最多两位小数')).toBeVisible();
  await adminPage.getByLabel('价格（元）').fill('19.9');
  await adminPage.getByText('购买后按天数').click();
  await adminPage.getByLabel('有效天数').fill('30');
  await adminPage.getByLabel('立即上架').click();
  await adminPage.getByRole('button', { name: /保\s*存/ }).click();
  await expect(adminPage).toHaveURL(/operation\/product\/detail\?productId=\d+/);
  await expect(adminPage.getByText('¥19.90').first()).toBeVisible();
  await expect(adminPage.getByText('已上架')).toBeVisible();

  // zhangsan buys it on the phone.
  await signedIn(page, 'zhangsan', '/m/store');
  await page.getByRole('link', { name: productName }).click();
  await expect(page.getByText('¥19.90')).toBeVisible();
  await expect(page.getByText('购买后 30 天有效')).toBeVisible();
  await page.getByRole('button', { name: '立即购买' }).click();
  await expect(page).toHaveURL(/\/m\/pay\/dev\?orderNo=KP/);
  await expect(page.getByLabel('付款金额')).toHaveText('¥19.90');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(/\/m\/store\/orders\/\d+/);
  await expect(page.getByText('已支付')).toBeVisible();
  await page.getByRole('link', { name: '去学习' }).click();
  await expect(page).toHaveURL(new RegExp(`/m/courses/${courseId}`));
  await expect(page.getByText(COURSE).first()).toBeVisible();
  await expect(page.getByText('课程讲义').first()).toBeVisible();

  // The administrator finds the order and refunds it.
  await adminPage.goto(`/manage/operation/order`);
  await adminPage.getByLabel('订单号、商品或购买人').fill(productName);
  await adminPage
    .getByRole('button', { name: /查\s*询/ })
    .first()
    .click();
  await adminPage.getByRole('link', { name: /^KP/ }).first().click();
  await expect(adminPage.getByTestId('order-status')).toHaveText('已支付');
  await adminPage.getByRole('button', { name: /退\s*款/ }).click();
  await adminPage.getByLabel('退款原因（可选）').fill('学员申请');
  await adminPage.getByRole('button', { name: '确认退款' }).click();
  await expect(adminPage.getByTestId('order-status')).toHaveText('已退款');
  await desk.close();

  // zhangsan can no longer open the course.
  expect(
    (await page.request.get(coursePage, { headers: { authorization: `Bearer ${zhangsan}` } })).status(),
  ).toBe(404);
  await page.goto(`/m/courses/${courseId}`);
  await expect(page.getByText('课程讲义')).toHaveCount(0);
  await page.goto('/m/store/orders');
  await expect(page.getByText('已退款').first()).toBeVisible();
  const mine = await apiCall<{ status: string; productName: string }[]>(
    page.request,
    zhangsan,
    'GET',
    `${S}/store/my-orders?page=0&size=10`,
  );
  expect(mine.find((o) => o.productName === productName)?.status).toBe('refunded');
});
