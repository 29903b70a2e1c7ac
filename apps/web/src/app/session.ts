import { fetchMenuTree, fetchUserDetail } from '../features/auth/api';
import { toStoredAuth, type OAuthTokenBody } from '../lib/http';
import { redirectMemory, type UserInfo } from '../lib/storage';
import { useSessionStore } from '../stores/session-store';
import { CANDIDATE_HOME, isSignedInArea } from './guard';
import { firstRoutableUrl } from './layout/menu-model';
import { isRoutableUrl } from './manage-routes';

/** Starting a session once a token has been granted (password sign-in, open registration). */

/**
 * Where a sign-in without a remembered page lands: the first management page the menu grants; a
 * member whose menu grants none (a learner) and a candidate from an open link land on their exams (/m).
 */
export function landingPath(
  user: Pick<UserInfo, 'isAdmin' | 'kind'>,
  menu: Parameters<typeof firstRoutableUrl>[0],
): string {
  if (user.kind === 'candidate') return CANDIDATE_HOME;
  return firstRoutableUrl(menu, isRoutableUrl) ?? (user.isAdmin ? '/manage' : CANDIDATE_HOME);
}

/** A remembered page, unless the user may not open it (a candidate: only their exams). */
function rememberedPath(user: Pick<UserInfo, 'kind'>): string | null {
  const remembered = redirectMemory.take();
  if (!remembered || user.kind !== 'candidate') return remembered;
  return isSignedInArea(new URL(remembered, 'http://x').pathname) ? remembered : null;
}

/** Stores the tokens, loads the user and the menu, and answers where to go next. */
export async function completeSignIn(token: OAuthTokenBody): Promise<string> {
  const session = useSessionStore.getState();
  session.setAuth(toStoredAuth(token));
  try {
    const [userInfo, menu] = await Promise.all([fetchUserDetail(), fetchMenuTree()]);
    session.setUserInfo(userInfo);
    session.setMenuInfo(menu);
    return rememberedPath(userInfo) ?? landingPath(userInfo, menu);
  } catch (error) {
    // Half a session is worse than none: the guard would let the user in without a menu.
    useSessionStore.getState().clear();
    throw error;
  }
}
