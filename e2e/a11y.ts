import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { test as base, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';

import { E2E_PORT, EDITION_PORT } from './playwright.config';

export { expect } from '@playwright/test';

/**
 * Accessibility in every journey (issue 23). Specs import `test` and `expect` from here instead of
 * '@playwright/test'; an automatic fixture then runs axe-core's WCAG 2.1 A/AA rules once on every distinct
 * route that a journey's pages show (SPA navigations included), and fails the test with the violations.
 *
 * When: a main-frame navigation (framenavigated, which Playwright also reports for history.pushState) to a
 * route not yet checked in this worker arms a one-shot locator handler on `body`. Playwright runs such a
 * handler before the journey's next action or auto-waiting assertion, in line with the journey — so axe
 * never races a click or a fill, and it sees the page as the journey is about to use it. The handler waits
 * for the page to settle (no spinner or skeleton, no DOM change for a moment) and analyses it. The route
 * still on screen when a test ends is checked too. Routes are keyed by origin (each edition's server
 * counts apart) and path with ids folded (`/m/exam/12` and `/m/exam/13` are one route), and checked once
 * per worker, which keeps the cost to a few seconds per spec.
 *
 * E2E_A11Y=off skips the check; E2E_A11Y=report records violations (to the file E2E_A11Y_LOG, one JSON
 * line each) without failing, for surveying a whole suite.
 */

export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Elements axe must skip, each a real false positive in a third-party widget (none so far): an entry
 * names the exact selector and why. Never list our own components here — fix them.
 */
const EXCLUDED: string[] = [];

const MODE = process.env.E2E_A11Y ?? 'fail';

/** The route of a URL of the app under test: its origin and path, with numeric ids and opaque tokens folded to `:id`. */
export function routeKey(url: string): string | null {
  if (!url.startsWith('http')) return null;
  const { origin, pathname, port } = new URL(url);
  // Only the servers under test (a journey's own stub servers are not the product).
  if (port !== String(E2E_PORT) && port !== String(EDITION_PORT)) return null;
  const path = pathname
    .split('/')
    .map((part) => (/^\d+$/.test(part) || (part.length >= 16 && /\d/.test(part)) ? ':id' : part))
    .join('/');
  return `${origin}${path}`;
}

/**
 * Waits (at most 1.5 s) until the page shows no spinner or skeleton and its DOM has been still for 300 ms;
 * says what it waited on last (for E2E_A11Y_DEBUG).
 */
async function settle(page: Page): Promise<string> {
  return page
    .evaluate(
      () =>
        new Promise<string>((resolve) => {
          const busy = () =>
            document.querySelector('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]');
          let last = performance.now();
          let what = '';
          const observer = new MutationObserver((records) => {
            last = performance.now();
            const record = records[0];
            const target = record?.target as Element | undefined;
            what = `${record?.type} ${target?.nodeName} ${String(target?.className ?? '').slice(0, 60)} ${record?.attributeName ?? ''}`;
          });
          observer.observe(document.body, {
            subtree: true,
            childList: true,
            attributes: true,
            characterData: true,
          });
          const started = performance.now();
          const tick = () => {
            const now = performance.now();
            const spinning = busy();
            if ((now - last >= 300 && !spinning) || now - started > 1500) {
              observer.disconnect();
              resolve(spinning ? `busy ${String(spinning.className).slice(0, 60)}` : what);
            } else setTimeout(tick, 100);
          };
          setTimeout(tick, 100);
        }),
    )
    .catch(() => 'gone');
}

/** Milliseconds this worker spent in axe itself (settling overlaps the journey's own waiting). */
const axeMs = { total: 0 };

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/**
 * axe's WCAG 2.1 A/AA violations on the page once it has settled, one line each with its first elements.
 * axe runs in the page itself (injected once per document): @axe-core/playwright's analyze() took 3–7 s
 * a page here, mostly opening a blank page for its last step, against about 0.5 s for axe.run. Frames
 * are not entered (our pages embed none that we write). `preload: false` skips reading every style sheet
 * for the one rule that needs them (css-orientation-lock, then reported incomplete, never a violation):
 * 4–5 s → 1 s on the course page. With `contentOnly`, only `main` and open dialogs are analysed (the
 * shell around them — top bar, menu — is the same on every page of a section and checked once).
 */
export async function violationsOn(page: Page, contentOnly = false): Promise<string[]> {
  const started = Date.now();
  const waited = await settle(page);
  const settled = Date.now();
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ tags, exclude, contentOnly }) => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
      const parts = ['main', '.ant-modal-root', '.ant-drawer'].filter((s) => document.querySelector(s));
      const include = contentOnly && document.querySelector('main') ? parts.map((s) => [s]) : [['html']];
      const result = (await axe.run(
        { include, exclude: exclude.map((s) => [s]) },
        {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
          iframes: false,
          preload: false,
        },
      )) as { violations: AxeViolation[] };
      return result.violations.map(({ id, impact, nodes }) => ({
        id,
        impact,
        nodes: nodes.map((node) => ({ target: node.target })),
      }));
    },
    { tags: WCAG_21_AA, exclude: EXCLUDED, contentOnly },
  );
  axeMs.total += Date.now() - settled;
  if (process.env.E2E_A11Y_DEBUG) {
    console.log(
      `a11y ${page.url()} settle ${settled - started} ms (${waited}), axe ${Date.now() - settled} ms`,
    );
  }
  const route = routeKey(page.url()) ?? page.url();
  return violations.map(
    (v) =>
      `${route} ${v.id} [${v.impact}] (${v.nodes.length}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

/** Routes analysed in this worker. */
const checked = new Set<string>();

/**
 * Routes found clean in this run by any worker, in a file named after the run (E2E_RUN_ID, set once by
 * the config in the runner and inherited by its workers). Routes with violations are not written, so a
 * retry — in a new worker — analyses them again rather than passing as flaky.
 */
const CLEAN_FILE = path.join(os.tmpdir(), `kaopei-a11y-clean-${process.env.E2E_RUN_ID ?? process.ppid}.txt`);

/** The key of a section's shell: origin and first path segment ('shell:http://…/manage'). */
function shellKey(key: string): string {
  const { origin, pathname } = new URL(key);
  return `shell:${origin}/${pathname.split('/')[1] ?? ''}`;
}

function seen(key: string): boolean {
  if (checked.has(key)) return true;
  return fs.existsSync(CLEAN_FILE) && fs.readFileSync(CLEAN_FILE, 'utf8').split('\n').includes(key);
}

class Watcher {
  readonly found: string[] = [];
  private readonly armed = new WeakSet<Page>();
  private seconds = 0;
  private readonly axeAtStart = axeMs.total;

  constructor(private readonly testInfo: TestInfo) {}

  watchContext(context: BrowserContext): void {
    context.pages().forEach((page) => this.watchPage(page));
    context.on('page', (page) => this.watchPage(page));
  }

  private watchPage(page: Page): void {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.arm(page);
    });
    this.arm(page);
  }

  /** Arms the one-shot handler when the page shows a route not yet checked. */
  private arm(page: Page): void {
    const key = routeKey(page.url());
    if (!key || this.armed.has(page) || seen(key)) return;
    this.armed.add(page);
    page
      .addLocatorHandler(
        page.locator('body'),
        async () => {
          this.armed.delete(page);
          // A toast on screen is what the journey is about to read: leave this visit unchecked (the route
          // is checked on a later visit or at the test's end). Re-arming here would run the handler again
          // before every retry of the journey's assertion and starve it.
          const toast = await page
            .evaluate(() => document.querySelector('.ant-message-notice, .ant-notification-notice') !== null)
            .catch(() => true);
          if (!toast) await this.check(page);
        },
        { times: 1, noWaitAfter: true },
      )
      .catch(() => this.armed.delete(page));
  }

  /** Analyses the page's current route unless it was analysed already. */
  async check(page: Page): Promise<void> {
    const key = routeKey(page.url());
    if (!key || page.isClosed() || seen(key)) return;
    checked.add(key);
    const started = Date.now();
    try {
      // The shell of a section (/manage, /m, …) is checked with its first route of the run.
      const shell = shellKey(key);
      const found = await violationsOn(page, seen(shell));
      if (found.length === 0 && !seen(shell)) {
        checked.add(shell);
        fs.appendFileSync(CLEAN_FILE, `${shell}\n`);
      }
      this.found.push(...found);
      if (found.length === 0) fs.appendFileSync(CLEAN_FILE, `${key}\n`);
    } catch (error) {
      // A page that navigates away mid-analysis is checked when the journey next shows that route.
      checked.delete(key);
      if (!page.isClosed() && !String(error).includes('navigat')) throw error;
    } finally {
      this.seconds += (Date.now() - started) / 1000;
    }
  }

  /** Checks the pages still open, then reports (or fails on) what was found. */
  async finish(pages: Page[]): Promise<void> {
    for (const page of pages) if (!page.isClosed()) await this.check(page);
    this.testInfo.annotations.push({
      type: 'a11y',
      description: `${this.seconds.toFixed(1)} s checking, ${((axeMs.total - this.axeAtStart) / 1000).toFixed(1)} s of it in axe`,
    });
    if (this.found.length === 0) return;
    if (MODE === 'report') {
      const log = process.env.E2E_A11Y_LOG;
      if (log) {
        const lines = this.found.map((line) => JSON.stringify({ spec: this.testInfo.file, line }) + '\n');
        fs.appendFileSync(log, lines.join(''));
      }
      return;
    }
    if (this.testInfo.status === this.testInfo.expectedStatus) {
      throw new Error(`WCAG 2.1 A/AA violations (axe-core):\n${this.found.join('\n')}`);
    }
  }
}

/** Adds the watcher to every context the browser opens during the test (journeys with several people). */
function watchNewContexts(browser: Browser, watcher: Watcher, opened: BrowserContext[]): () => void {
  const original = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await original(...args);
    opened.push(context);
    watcher.watchContext(context);
    return context;
  };
  return () => {
    browser.newContext = original;
  };
}

export const test = base.extend<{ a11y: void }>({
  a11y: [
    async ({ context, browser }, use, testInfo) => {
      if (MODE === 'off') return use();
      const watcher = new Watcher(testInfo);
      const opened: BrowserContext[] = [];
      watcher.watchContext(context);
      const restore = watchNewContexts(browser, watcher, opened);
      try {
        await use();
      } finally {
        restore();
      }
      await watcher.finish([context, ...opened].flatMap((c) => c.pages()));
    },
    { auto: true },
  ],
});
