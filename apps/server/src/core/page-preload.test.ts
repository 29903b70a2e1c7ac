import { describe, expect, it } from 'vitest';
import { PRELOADED_PAGES, preloadTags, type Manifest } from './page-preload';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_button.js': { file: 'assets/button.js', imports: ['_vendor.js'] },
  '_modal.js': { file: 'assets/modal.js', imports: ['_button.js'], css: ['assets/modal.css'] },
  'src/app/feedback-host.tsx': { file: 'assets/feedback-host.js', imports: ['_modal.js'] },
  'src/features/auth/pages/login-page.tsx': { file: 'assets/login-page.js', imports: ['_button.js'] },
  'src/features/candidate/pages/exam-intro-page.tsx': { file: 'assets/intro.js', imports: ['_button.js'] },
  'src/features/candidate/pages/attempt-page.tsx': {
    file: 'assets/attempt.js',
    imports: ['_timer.js', '_modal.js'],
  },
  '_timer.js': { file: 'assets/timer.js' },
};

const page = (url: string) => PRELOADED_PAGES.find((candidate) => candidate.path.test(url));
const hrefs = (tags: string, rel: string) =>
  [...tags.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)">`, 'g'))].map((match) => match[1]);

describe('preloadTags', () => {
  it("preloads the page's chunks and those of every page, not what the entry already loads", () => {
    const tags = preloadTags(manifest, page('/login'));
    expect(hrefs(tags, 'modulepreload').sort()).toEqual(
      ['/assets/button.js', '/assets/feedback-host.js', '/assets/login-page.js', '/assets/modal.js'].sort(),
    );
    expect(hrefs(tags, 'preload')).toEqual(['/assets/modal.css']);
    expect(hrefs(tags, 'prefetch')).toEqual([]);
  });

  it('prefetches the next page, without what this page already preloads', () => {
    const tags = preloadTags(manifest, page('/m/exams/42'));
    expect(hrefs(tags, 'modulepreload')).toContain('/assets/intro.js');
    expect(hrefs(tags, 'prefetch').sort()).toEqual(['/assets/attempt.js', '/assets/timer.js']);
  });

  it('gives every other page the chunks every page loads, and skips keys the build lacks', () => {
    expect(page('/manage/exam/list')).toBeUndefined();
    expect(hrefs(preloadTags(manifest), 'modulepreload').sort()).toEqual(
      ['/assets/button.js', '/assets/feedback-host.js', '/assets/modal.js'].sort(),
    );
    expect(hrefs(preloadTags(manifest, page('/m')), 'modulepreload')).not.toContain(undefined);
  });

  it('matches the addresses of the web router', () => {
    expect(page('/login')?.chunk).toContain('login-page');
    expect(page('/m')?.chunk).toContain('my-exams-page');
    expect(page('/m/exams')?.chunk).toContain('my-exams-page');
    expect(page('/m/exams/7')?.chunk).toContain('exam-intro-page');
    expect(page('/m/attempts/7')?.chunk).toContain('attempt-page');
    expect(page('/m/attempts/7/result')).toBeUndefined();
  });
});
