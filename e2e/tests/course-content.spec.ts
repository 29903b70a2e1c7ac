import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../a11y';
import { apiPost, apiToken, signedIn } from '../support';

/** A small real PDF (one page) for the document section. */
function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 4\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

test('an admin builds a course outline: chapter, uploaded video and PDF, reorder, requires-previous', async ({
  page,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-e2e-b-'));
  const video = path.join(dir, '第一课.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x180:rate=15:duration=3',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    video,
  ]);
  const doc = path.join(dir, '讲义.pdf');
  fs.writeFileSync(doc, pdf());

  const token = await apiToken(page.request, 'admin');
  const stamp = Date.now().toString(36);
  const course = await apiPost<{ courseId: number }>(page.request, token, '/course/api/v1/course/add', {
    name: `大纲课程${stamp}`,
  });
  await signedIn(page, 'admin', `/manage/study/course/detail?courseId=${course.courseId}&tab=outline`);
  const editor = page.locator('.kp-course-outline');

  // A chapter.
  await editor.getByRole('button', { name: /添加章节/ }).click();
  const chapterDialog = page.getByRole('dialog', { name: '添加章节' });
  await chapterDialog.getByLabel('章节名称').fill('第一章 入门');
  await chapterDialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(editor.getByTestId('outline-chapter')).toContainText('第一章 入门');

  // A video section: the resumable upload's bar reaches 100 %.
  await editor.getByRole('button', { name: /添加小节/ }).click();
  let dialog = page.getByRole('dialog', { name: '添加小节' });
  await dialog.getByTestId('upload-input-video').setInputFiles(video);
  await expect(dialog.getByRole('progressbar', { name: '上传进度' })).toHaveAttribute('aria-valuenow', '100');
  await expect(dialog.getByText(/上传完成/)).toBeVisible();
  await expect(dialog.getByLabel('小节名称')).toHaveValue('第一课');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.getByTestId('outline-section')).toContainText('时长 0:03');

  // A PDF section.
  await editor.getByRole('button', { name: /添加小节/ }).click();
  dialog = page.getByRole('dialog', { name: '添加小节' });
  await dialog.getByLabel('小节类型').click();
  await page.locator('.ant-select-item-option', { hasText: '文档' }).click();
  await dialog.getByTestId('upload-input-datum').setInputFiles(doc);
  await expect(dialog.getByText(/上传完成/)).toBeVisible();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  const rows = editor.getByTestId('outline-section');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('讲义');

  // Reorder with the keyboard: the document before the video.
  const handle = editor.getByRole('button', { name: '拖动排序：讲义' });
  // Each key waits for dnd-kit's announcement: a key pressed before the drag has measured is lost.
  const announced = (text: string) =>
    expect(page.getByRole('status').filter({ hasText: text })).toHaveCount(1);
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await announced('已拿起 讲义');
  await page.keyboard.press('ArrowUp');
  await announced('讲义 移到 第一课 的位置');
  await page.keyboard.press('Space');
  await expect(page.getByText('顺序已保存')).toBeVisible();
  await expect(rows.nth(0)).toContainText('讲义');

  // The video now requires the document first.
  await editor.getByRole('switch', { name: '需先完成上一节：第一课' }).click();
  await expect(editor.getByRole('switch', { name: '需先完成上一节：第一课' })).toBeChecked();

  // All of it is kept.
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('讲义');
  await expect(rows.nth(1)).toContainText('第一课');
  await expect(editor.getByRole('switch', { name: '需先完成上一节：第一课' })).toBeChecked();
  await expect(editor.getByRole('switch', { name: '需先完成上一节：讲义' })).not.toBeChecked();
  fs.rmSync(dir, { recursive: true, force: true });
});
