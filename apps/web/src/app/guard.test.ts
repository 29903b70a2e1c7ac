import { describe, expect, it } from 'vitest';
import { ALLOWED_PATHS, decideAccess } from './guard';

const menuUrls = ['/manage/console', '/manage/exam/list', '/manage/system/staff'];

describe('decideAccess', () => {
  it('always allows public routes', () => {
    expect(decideAccess('/home', { title: '首页', public: true }, null, null)).toEqual({ kind: 'allow' });
    expect(decideAccess('/login', { title: '登录', public: true }, menuUrls, '/manage/console')).toEqual({
      kind: 'allow',
    });
  });

  it('lets a signed-out user on an unknown path through to the catch-all redirect (home)', () => {
    expect(decideAccess('/manage/nope', undefined, null, null)).toEqual({ kind: 'allow' });
  });

  it('warns a signed-in user on an unknown or unbuilt path and sends them to the first menu page', () => {
    expect(decideAccess('/manage/nope', undefined, menuUrls, '/manage/exam/list')).toEqual({
      kind: 'deny',
      to: '/manage/console',
      warn: true,
    });
    expect(
      decideAccess('/manage/post/list', undefined, menuUrls, null, { firstMenuUrl: '/manage/exam/list' }),
    ).toEqual({ kind: 'deny', to: '/manage/exam/list', warn: true });
    // Straight after signing in (a remembered address that no longer exists): no warning.
    expect(decideAccess('/manage/nope', undefined, menuUrls, '/login')).toMatchObject({ warn: false });
    // A candidate goes back to their exams, quietly.
    expect(decideAccess('/nope', undefined, menuUrls, null, { candidate: true })).toEqual({
      kind: 'deny',
      to: '/m',
      warn: false,
    });
  });

  it('sends a signed-out user on /manage to sign in', () => {
    expect(
      decideAccess('/manage/console', { title: '控制台', menuUrl: '/manage/console' }, null, null),
    ).toEqual({
      kind: 'login',
    });
    expect(decideAccess('/manage/version', { title: '价格版本' }, null, null)).toEqual({ kind: 'login' });
  });

  it('allows a route whose menu URL is in the menu', () => {
    expect(
      decideAccess('/manage/console', { title: '控制台', menuUrl: '/manage/console' }, menuUrls, null),
    ).toEqual({
      kind: 'allow',
    });
  });

  it('allows a detail page through the menu URL of its list', () => {
    expect(
      decideAccess(
        '/manage/exam/editor',
        { title: '编辑考试', menuUrl: '/manage/exam/list' },
        menuUrls,
        null,
      ),
    ).toEqual({ kind: 'allow' });
  });

  it('ignores trailing slashes and query strings when matching', () => {
    expect(decideAccess('/manage/console/', { title: '控制台' }, ['manage/console?x=1'], null)).toEqual({
      kind: 'allow',
    });
  });

  it('allows the fixed allow-list to every signed-in user', () => {
    for (const path of ['/manage/userInfo', '/manage/version', '/personal/message']) {
      expect(ALLOWED_PATHS).toContain(path);
      expect(decideAccess(path, { title: 'x' }, [], null)).toEqual({ kind: 'allow' });
    }
  });

  it('refuses other routes, warning and redirecting to the first menu URL', () => {
    expect(
      decideAccess(
        '/manage/operation/order',
        { title: '订单', menuUrl: '/manage/operation/order' },
        menuUrls,
        '/manage/console',
      ),
    ).toEqual({ kind: 'deny', to: '/manage/console', warn: true });
  });

  it('warns on a fresh load too', () => {
    expect(
      decideAccess('/manage/secret', { title: 'x', menuUrl: '/manage/secret' }, menuUrls, null),
    ).toMatchObject({
      kind: 'deny',
      warn: true,
    });
  });

  it('does not warn when coming from /login', () => {
    expect(
      decideAccess(
        '/manage/operation/order',
        { title: '订单', menuUrl: '/manage/operation/order' },
        menuUrls,
        '/login',
      ),
    ).toEqual({ kind: 'deny', to: '/manage/console', warn: false });
  });

  it('uses the first built menu page when given, and never redirects to the refused page', () => {
    expect(
      decideAccess('/manage/secret', { title: 'x' }, menuUrls, null, {
        firstMenuUrl: '/manage/system/staff',
      }),
    ).toMatchObject({ to: '/manage/system/staff' });
    expect(
      decideAccess('/manage/secret', { title: 'x' }, ['/manage/other'], null, {
        firstMenuUrl: null,
        homePath: '/college',
      }),
    ).toMatchObject({ to: '/college' });
    expect(decideAccess('/manage/secret', { title: 'x' }, [], null, { homePath: '/home' })).toMatchObject({
      to: '/home',
    });
  });

  it('opens the candidate pages (/m/**) to every signed-in user and sends others to sign in', () => {
    for (const path of ['/m', '/m/exams', '/m/exams/12', '/m/attempts/7', '/m/attempts/7/result']) {
      expect(decideAccess(path, { title: '考试' }, [], null)).toEqual({ kind: 'allow' });
      expect(decideAccess(path, { title: '考试' }, menuUrls, '/manage/console')).toEqual({ kind: 'allow' });
      expect(decideAccess(path, { title: '考试' }, null, null)).toEqual({ kind: 'login' });
    }
    // Only the /m area, not paths that merely start with the same letters.
    expect(decideAccess('/manage/secret', { title: 'x' }, [], null)).toMatchObject({ kind: 'deny' });
    expect(decideAccess('/mx', { title: 'x' }, [], null)).toMatchObject({ kind: 'deny' });
  });

  it('keeps a candidate from an open link on their exams: every other signed-in page goes to /m', () => {
    const candidate = { candidate: true };
    for (const path of ['/m', '/m/exams/12', '/m/attempts/7/result']) {
      expect(decideAccess(path, { title: '考试' }, [], '/login', candidate)).toEqual({ kind: 'allow' });
    }
    for (const path of ['/manage', '/manage/console', '/manage/userInfo', '/personal/message']) {
      expect(decideAccess(path, { title: 'x', menuUrl: path }, [path], null, candidate)).toEqual({
        kind: 'deny',
        to: '/m',
        warn: false,
      });
    }
    // Public pages stay open to them, and a member is not affected.
    expect(decideAccess('/home', { title: '首页', public: true }, [], null, candidate)).toEqual({
      kind: 'allow',
    });
    expect(decideAccess('/manage', { title: '管理' }, menuUrls, null)).toEqual({ kind: 'allow' });
  });
});
