import path from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { signedIn } from '../support';

/**
 * 招聘管理, the recruiter's side (issue 20): publish a job from a post and share it; on the demo's Java
 * job board move an applicant to 笔试 through the card's 移动到… menu (stored: still there after a
 * reload); open the résumé and keep a note; hire the demo's offer-stage applicant, who then shows in
 * 员工管理. Names are the demo seed's (apps/server/src/db/seed/recruitment.ts, DEMO_RECRUITMENT).
 */

const JAVA_JOB = 'Java开发工程师（社招）';
const SCREENING = '孙浩然';
const OFFER = '林佳怡';
/** At 投递 in the Java job: dragged to 筛选. */
const DRAGGED = '陈思远';

const RESUME_PDF = path.resolve(import.meta.dirname, '../fixtures/resume-zh.pdf');

test.use({ viewport: { width: 1440, height: 900 } });

async function pickOption(page: Page, label: RegExp | string, option?: string): Promise<void> {
  await page.getByLabel(label).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await (option ? options.filter({ hasText: option }).first() : options.first()).click();
}

async function dragTo(page: Page, card: Locator, column: Locator): Promise<void> {
  const from = await card.boundingBox();
  const to = await column.boundingBox();
  if (!from || !to) throw new Error('card or column not on screen');
  await page.mouse.move(from.x + 20, from.y + from.height - 8);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + from.height, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 15 });
  await page.mouse.up();
}

test('a recruiter publishes a job, drags and moves applicants, reads the résumé and hires', async ({
  page,
}) => {
  const tag = Date.now().toString(36).slice(-5);
  const jobName = `前端工程师${tag}`;

  // Publish a job from a post.
  await signedIn(page, 'admin', '/manage/recruitment/job/release');
  await page.getByLabel('职位名称').fill(jobName);
  await pickOption(page, '岗位', 'Java开发工程师');
  await page.getByLabel('工作地点').fill('杭州');
  await page.getByLabel('最低月薪').fill('12000');
  await page.getByLabel('最高月薪').fill('20000');
  await page.getByRole('button', { name: '保存并发布' }).click();
  await page.waitForURL(/\/manage\/recruitment\/job$/);
  await page.getByLabel('搜索职位').fill(jobName);
  await page.getByLabel('搜索职位').press('Enter');
  const row = page.getByRole('row').filter({ hasText: jobName });
  await expect(row).toContainText('招聘中');
  await expect(row).toContainText('12000–20000 元/月');
  await row.getByRole('button', { name: '分享' }).click();
  const share = page.getByRole('dialog', { name: `分享「${jobName}」` });
  await expect(share.getByTestId('job-qr').locator('canvas')).toBeVisible();
  await expect(share.getByLabel('职位链接', { exact: true })).toHaveValue(/\/join\/job\/\d+$/);
  await page.keyboard.press('Escape');
  await expect(share).toBeHidden();

  // The demo job's board: seeded applicants in their columns; move one to 笔试 through the menu.
  await page.getByLabel('搜索职位').fill(JAVA_JOB);
  await page.getByLabel('搜索职位').press('Enter');
  await page.getByRole('link', { name: JAVA_JOB }).click();
  await page.waitForURL(/\/manage\/recruitment\/job\/detail\?jobId=\d+/);
  const screening = page.getByTestId('column-screening');
  const testColumn = page.getByTestId('column-test');
  await expect(screening).toContainText(SCREENING);
  await expect(page.getByTestId('column-offer')).toContainText(OFFER);
  await expect(testColumn).toContainText('笔试 82/100 分');
  // Drag a card from 投递 to 筛选 (dnd-kit's pointer sensor: press, move in steps, release).
  const applied = page.getByTestId('column-applied');
  await dragTo(page, applied.locator('li').filter({ hasText: DRAGGED }), screening);
  await expect(page.getByText(/已将 1 人移到「筛选」/)).toBeVisible();
  await screening.getByRole('button', { name: `把${SCREENING}移动到…` }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '笔试', exact: true }).click();
  await expect(page.getByText(/已将 1 人移到「笔试」/)).toBeVisible();
  await page.reload();
  await expect(testColumn).toContainText(SCREENING);
  await expect(screening).not.toContainText(SCREENING);
  await expect(screening).toContainText(DRAGGED);
  await expect(applied).not.toContainText(DRAGGED);

  // The résumé: moves logged, a note kept.
  await testColumn.getByRole('link', { name: SCREENING }).click();
  await page.waitForURL(/\/manage\/recruitment\/job\/detail\/resume\?applicantId=\d+&jobId=\d+/);
  await expect(page.getByRole('heading', { name: SCREENING })).toBeVisible();
  await expect(page.getByText('筛选 → 笔试')).toBeVisible();
  // The demo's Word résumé, shown as its text.
  await expect(page.getByText(`${SCREENING}的简历.docx`)).toBeVisible();
  await expect(page.getByText(/毕业院校：浙江大学/)).toBeVisible();
  await expect(page.getByTestId('application-stage').first()).toHaveText('笔试');
  await page.getByLabel('备注').fill(`沟通顺畅 ${tag}`);
  await page.getByRole('button', { name: '保存资料' }).click();
  await expect(page.getByText('应聘者资料已保存')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('备注')).toHaveValue(`沟通顺畅 ${tag}`);

  // Hire the offer-stage applicant; they become staff.
  await page.goto('/manage/recruitment/staff/result');
  await page.getByLabel('搜索应聘者').fill(OFFER);
  await page.getByLabel('搜索应聘者').press('Enter');
  const offerRow = page.getByRole('row').filter({ hasText: OFFER });
  await expect(offerRow).toContainText('offer');
  await offerRow.getByRole('button', { name: '录用' }).click();
  const dialog = page.getByRole('dialog', { name: `录用 ${OFFER}` });
  await pickOption(page, '部门');
  await expect(dialog.getByLabel('岗位')).toBeVisible();
  await dialog.getByRole('button', { name: /^录\s*用$/ }).click();
  const done = page.locator('.ant-modal-confirm').filter({ hasText: `已录用${OFFER}` });
  await expect(done).toContainText('账号');
  await done.getByRole('button').last().click();
  await expect(offerRow).toContainText('入职');

  await page.goto('/manage/system/staff');
  await page.getByLabel('关键词').fill(OFFER);
  await page.getByLabel('关键词').press('Enter');
  await expect(page.locator('.kp-staff__table').getByRole('row').filter({ hasText: OFFER })).toBeVisible();
});

test('the overview draws the demo funnel and sources; a campus session is added with its sign-up QR code', async ({
  page,
}) => {
  const school = `杭州电子科技大学${Date.now().toString(36).slice(-4)}`;
  await signedIn(page, 'admin', '/manage/recruitment');
  // The demo's three, and the jobs other journeys published on the same server (any number of them).
  await expect(page.getByTestId('open-jobs')).toHaveText(/^\d+$/);
  expect(Number(await page.getByTestId('open-jobs').textContent())).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('funnel-chart')).toHaveAttribute('data-chart-status', 'ready');
  await expect(page.getByTestId('source-chart')).toHaveAttribute('data-chart-status', 'ready');
  await expect(page.getByRole('row').filter({ hasText: JAVA_JOB })).toBeVisible();

  await page.goto('/manage/recruitment/school');
  await expect(page.getByRole('row').filter({ hasText: '浙江大学' })).toContainText('5');
  await page.getByRole('button', { name: /新建场次/ }).click();
  const dialog = page.getByRole('dialog', { name: '新建校园招聘场次' });
  await dialog.getByLabel('学校').fill(school);
  await dialog.getByLabel('宣讲时间').click();
  await dialog.getByLabel('宣讲时间').fill('2027-10-20 14:00');
  await dialog.getByLabel('宣讲时间').press('Enter');
  await dialog.getByLabel('地点').fill('下沙校区 报告厅');
  await pickOption(page, '招聘职位', JAVA_JOB);
  await dialog.getByLabel('学校').click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  const row = page.getByRole('row').filter({ hasText: school });
  await expect(row).toContainText('2027-10-20 14:00');
  await expect(row).toContainText(JAVA_JOB);
  await row.getByRole('button', { name: '报名二维码' }).click();
  await expect(page.getByTestId('campus-qr').locator('canvas')).toBeVisible();
  await expect(page.getByLabel('报名链接')).toHaveValue(/\/join\/campus\/\d+$/);
});

test('a recruiter adds an applicant by hand with a PDF résumé whose fields fill the blanks', async ({
  page,
}) => {
  const tag = Date.now().toString(36).slice(-5);
  const name = `录入${tag}`;
  const phone = `137${String(Date.now() % 1e8).padStart(8, '0')}`;
  await signedIn(page, 'admin', '/manage/recruitment/staff');
  await page.getByRole('button', { name: '添加应聘者' }).click();
  const dialog = page.getByRole('dialog', { name: '添加应聘者' });
  await pickOption(page, '应聘职位', JAVA_JOB);
  // Typed fields win over the résumé's; the blanks (school, degree, years) are filled from it.
  await dialog.getByLabel('姓名').fill(name);
  await dialog.getByLabel('手机号').fill(phone);
  await dialog.getByLabel('邮箱').fill(`${tag}@example.com`);
  await dialog.locator('input[type=file]').setInputFiles(RESUME_PDF);
  await expect(dialog.getByTestId('resume-summary')).toContainText('毕业院校');
  await expect(dialog.getByLabel('毕业院校')).not.toHaveValue('');
  await dialog.getByRole('button', { name: '添加应聘者' }).click();
  await expect(page.getByText('已添加应聘者')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByLabel('搜索应聘者').fill(name);
  await page.getByLabel('搜索应聘者').press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(JAVA_JOB);
  await expect(row).toContainText(phone);
});
