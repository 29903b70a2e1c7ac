import fs from 'node:fs';
import { AppError } from './http';

/**
 * PDF from a page of the web app, printed by a headless Chromium (playwright-core drives the Chromium at
 * CHROMIUM_PATH; docs/decisions.md "Analysis reports"). The page marks itself ready with
 * `data-print-ready="true"` on an element once its data and charts are drawn (or "error" when it cannot
 * show them). One print at a time per instance: a Chromium takes a few hundred MB.
 */

export const CHROMIUM_MISSING = 'PDF 导出需要服务器安装 Chromium（配置 CHROMIUM_PATH），请联系管理员';
const PRINT_FAILED = 'PDF 生成失败，请稍后重试';
const PRINT_TIMEOUT_MS = 45_000;
/** A4 at 96 dpi less the margins: the page is laid out at the width it is printed at. */
const A4_VIEWPORT = { width: 720, height: 1000 };

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];

let queue: Promise<unknown> = Promise.resolve();

/** Runs `work` after every print started before it (one Chromium at a time). */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

async function print(chromiumPath: string, url: string): Promise<Buffer> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium
    .launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, timeout: 30_000 })
    .catch(() => {
      throw new AppError(503, CHROMIUM_MISSING);
    });
  try {
    const page = await browser.newPage({
      viewport: A4_VIEWPORT,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    await page.emulateMedia({ media: 'print' });
    await page.goto(url, { waitUntil: 'load', timeout: PRINT_TIMEOUT_MS });
    const ready = page.locator('[data-print-ready]');
    await ready.waitFor({ timeout: PRINT_TIMEOUT_MS });
    const outcome = await ready.getAttribute('data-print-ready');
    if (outcome !== 'true') throw new AppError(500, (await ready.textContent())?.trim() || PRINT_FAILED);
    return await page.pdf({
      format: 'A4',
      printBackground: true,
      margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(500, PRINT_FAILED);
  } finally {
    await browser.close().catch(() => undefined);
  }
}

/** The page at `url` as an A4 PDF; a clear 503 when Chromium is not installed. */
export async function renderPdf(chromiumPath: string, url: string): Promise<Buffer> {
  if (!fs.existsSync(chromiumPath)) throw new AppError(503, CHROMIUM_MISSING);
  return oneAtATime(() => print(chromiumPath, url));
}
