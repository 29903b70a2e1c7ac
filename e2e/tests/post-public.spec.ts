import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '../a11y';
import { E2E_DATA_DIR } from '../playwright.config';
import { apiPost, apiToken, staffUserId } from '../support';

/**
 * A portrait link as the server signs it (post-public.service: the report-link format under a key derived
 * for portraits), with an expiry of our choosing: the server's secret is the e2e data directory's.
 */
function portraitToken(userId: number, organizationId: number, expiresAt: number): string {
  const secret = fs.readFileSync(path.join(E2E_DATA_DIR, 'jwt-secret'), 'utf8').trim();
  const key = createHmac('sha256', secret).update('kaopei:portrayal-link').digest('base64url');
  const payload = `${userId}.${organizationId}.${expiresAt}`;
  const mac = createHmac('sha256', key).update(`report:${payload}`).digest('base64url');
  return `${Buffer.from(payload).toString('base64url')}.${mac}`;
}

test('a visitor builds a position profile from a template and gets a training plan, kept when revisited', async ({
  page,
}) => {
  await page.goto('/post/buildPost');
  await expect(page.getByRole('heading', { name: '岗位画像与培养方案' })).toBeVisible();
  await page.getByRole('button', { name: /测试工程师/ }).click();
  await page.getByLabel('岗位名称').fill('高级测试工程师');
  await expect(page.getByLabel('测试设计：要求等级')).toBeVisible();

  const related = page.getByRole('group', { name: /选择相关岗位/ });
  await related.getByLabel('Java开发工程师').check();
  await related.getByLabel('产品经理').check();
  await page.getByRole('button', { name: '生成培养方案' }).click();
  const plan = page.getByRole('region', { name: '培养方案：高级测试工程师' });
  await expect(plan).toContainText('目标岗位：Java开发工程师、产品经理');
  const java = plan.getByRole('row', { name: /Java 编程/ });
  await expect(java).toContainText('2 级');
  await expect(java).toContainText('4 级');
  await expect(plan.getByRole('row', { name: /需求分析/ })).toContainText('产品经理（4 级）');
  await expect(plan).toContainText('《Effective Java》');

  // Ten related positions at most: the eleventh is refused.
  for (const name of [
    '前端开发工程师',
    'UI设计师',
    '数据分析师',
    '销售代表',
    '客户成功经理',
    '人力资源专员',
    '财务专员',
    '行政专员',
  ]) {
    await related.getByLabel(name).check();
  }
  await expect(related).toContainText('已选 10 个');
  await related.getByLabel('项目经理').click();
  await expect(related.getByRole('alert')).toHaveText('最多选择 10 个相关岗位');
  await expect(related.getByLabel('项目经理')).not.toBeChecked();

  // Revisited: the work is still there.
  await page.goto('/home');
  await page.goto('/post/buildPost');
  await expect(page.getByLabel('岗位名称')).toHaveValue('高级测试工程师');
  await expect(page.getByRole('region', { name: '培养方案：高级测试工程师' })).toBeVisible();
});

test('a portrait opens only through its signed link, in a fresh browser, and not once expired', async ({
  browser,
  request,
}) => {
  const token = await apiToken(request, 'admin');
  const userId = await staffUserId(request, token, 'zhangsan');
  const link = await apiPost<{ url: string; token: string; expiresAt: number }>(
    request,
    token,
    '/post/api/v1/portrayal/share',
    { userId, expiresInHours: 2 },
  );
  const url = new URL(link.url);
  expect(url.pathname).toBe('/frame/portrayal');

  const stranger = await browser.newContext();
  const page = await stranger.newPage();
  const response = await page.goto(`${url.pathname}${url.search}`);
  // Embeddable by other sites: this page only.
  expect(response?.headers()['x-frame-options']).toBeUndefined();
  expect(response?.headers()['content-security-policy']).toContain('frame-ancestors *');
  await expect(page.getByRole('heading', { name: '张三 的人才画像' })).toBeVisible();
  // Another site shows it in an iframe: a page served at another origin by a server the test starts (a
  // real loopback server: Chromium lets only local pages frame a local one).
  const embedder = http.createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><meta charset="utf-8"><iframe title="画像" src="${link.url}" width="375" height="600"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => embedder.listen(0, '127.0.0.1', resolve));
  const { port } = embedder.address() as AddressInfo;
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(
      page.frameLocator('iframe[title="画像"]').getByRole('heading', { name: '张三 的人才画像' }),
    ).toBeVisible();
  } finally {
    embedder.close();
  }
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: '能力画像' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /考试记录/ })).toBeVisible();
  await expect(page.getByText(/链接有效期至/)).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  // The charts resize on the next frames (ResizeObserver): the page fits once they have.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Expired (signed with the server's key, an hour ago) and tampered links are refused.
  const organizationId = Number(Buffer.from(link.token.split('.')[0]!, 'base64url').toString().split('.')[1]);
  await page.goto(
    `/frame/portrayal?token=${encodeURIComponent(portraitToken(userId, organizationId, Date.now() - 3600_000))}`,
  );
  await expect(page.getByText('链接已失效')).toBeVisible();
  await expect(page.getByText(/画像链接已过期/)).toBeVisible();
  await expect(page.getByText('张三 的人才画像')).toHaveCount(0);
  await page.goto(`/frame/portrayal?token=${encodeURIComponent(`${link.token}x`)}`);
  await expect(page.getByText('链接已失效')).toBeVisible();

  // Other pages still refuse framing; an unknown post share link says so.
  const other = await page.goto('/post/viewPosition?token=unknown');
  expect(other?.headers()['x-frame-options']).toBe('SAMEORIGIN');
  await expect(page.getByText('岗位分享链接无效或已取消分享')).toBeVisible();
  await stranger.close();
});
