import type { RouteHandle } from './route-handle';
import { normalizeMenuUrl } from './layout/menu-model';

/**
 * The navigation guard's decision (spec §2 "Navigation guard"), as a pure function of the target,
 * its route handle, the stored menu URLs and where the user comes from.
 */

/** Paths every signed-in user may open whatever the menu says. */
export const ALLOWED_PATHS: readonly string[] = [
  '/manage',
  '/manage/userInfo',
  '/manage/version',
  '/personal/message',
  '/home',
  '/college',
  '/login',
  '/signup',
  '/NotFoundComponent',
];

/**
 * Areas open to every signed-in user whatever the menu says, with all their sub-paths: the candidate's
 * pages (/m/**), which the exam QR codes and links point to. Signed-out users sign in first.
 */
export const SIGNED_IN_PREFIXES: readonly string[] = ['/m', '/live'];

/** Where a candidate from an open link belongs: their exams. */
export const CANDIDATE_HOME = '/m';

export function isSignedInArea(path: string): boolean {
  return SIGNED_IN_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export type AccessDecision =
  | { kind: 'allow' }
  /** Not signed in: remember the target and sign in first. */
  | { kind: 'login' }
  /** Signed in but not permitted: warn (unless coming from /login) and go to `to`. */
  | { kind: 'deny'; to: string; warn: boolean };

export interface AccessOptions {
  /** Where to go when the menu offers nothing usable. */
  homePath?: string;
  /** First menu URL whose page exists in this build; defaults to the first menu URL. */
  firstMenuUrl?: string | null;
  /** The signed-in user is a candidate from an open link: only the candidate's pages (/m/**). */
  candidate?: boolean;
}

/**
 * @param path      target pathname
 * @param handle    the target's deepest route handle (undefined for unknown paths, which are allowed
 *                  through to the catch-all redirect)
 * @param menuUrls  URLs of the stored menu tree, or null when no menu is stored (not signed in)
 * @param fromPath  pathname the user comes from, or null on a fresh load
 */
export function decideAccess(
  path: string,
  handle: RouteHandle | undefined,
  menuUrls: readonly string[] | null,
  fromPath: string | null,
  options: AccessOptions = {},
): AccessDecision {
  if (handle?.public) return { kind: 'allow' };
  const target = normalizeMenuUrl(path) ?? '/';
  // Unknown paths (and pages not built yet) have no handle. Signed out, the router's catch-all sends
  // them to the home page (spec §2); signed in, that would look like being signed out, so they are
  // refused like a page without permission: the warning and the first menu page.
  if (!handle) {
    if (menuUrls === null) return { kind: 'allow' };
    if (options.candidate) return { kind: 'deny', to: CANDIDATE_HOME, warn: false };
    return refuse(target, menuUrls, fromPath, options);
  }
  if (menuUrls === null) {
    if (isSignedInArea(target)) return { kind: 'login' };
    return ALLOWED_PATHS.includes(target) && !target.startsWith('/manage') && target !== '/personal/message'
      ? { kind: 'allow' }
      : { kind: 'login' };
  }
  if (isSignedInArea(target)) return { kind: 'allow' };
  // A candidate has no console: every other signed-in page sends them to their exams, quietly.
  if (options.candidate) return { kind: 'deny', to: CANDIDATE_HOME, warn: false };
  if (ALLOWED_PATHS.includes(target)) return { kind: 'allow' };

  const granted = new Set(menuUrls.map((url) => normalizeMenuUrl(url)).filter((url) => url !== null));
  const requested = normalizeMenuUrl(handle.menuUrl) ?? target;
  if (granted.has(requested) || granted.has(target)) return { kind: 'allow' };
  return refuse(target, menuUrls, fromPath, options);
}

/** Spec §2: warn (unless coming from /login) and go to the first menu page, never the refused one. */
function refuse(
  target: string,
  menuUrls: readonly string[],
  fromPath: string | null,
  options: AccessOptions,
): AccessDecision {
  const homePath = options.homePath ?? '/home';
  const first =
    options.firstMenuUrl === undefined ? (normalizeMenuUrl(menuUrls[0]) ?? null) : options.firstMenuUrl;
  // Never bounce to the page being refused (that would loop).
  const to = first && first !== target ? first : homePath;
  const comingFromLogin = normalizeMenuUrl(fromPath) === '/login';
  return { kind: 'deny', to, warn: !comingFromLogin };
}
