import { fetchMenuTree, fetchUserDetail } from '../features/auth/api';
import { toStoredAuth, type OAuthTokenBody } from '../lib/http';
import { redirectMemory } from '../lib/storage';
import { useSessionStore } from '../stores/session-store';
import { firstRoutableUrl } from './layout/menu-model';
import { isRoutableUrl } from './manage-routes';

/** Starting a session once a token has been granted (password sign-in, open registration). */

/**
 * Where a sign-in without a remembered page lands: the first management page the menu grants; a
 * member whose menu grants none (a candidate, a learner) lands on their exams (/m).
 */
export function landingPath(isAdmin: boolean, menu: Parameters<typeof firstRoutableUrl>[0]): string {
  return firstRoutableUrl(menu, isRoutableUrl) ?? (isAdmin ? '/manage' : '/m');
}

/** Stores the tokens, loads the user and the menu, and answers where to go next. */
export async function completeSignIn(token: OAuthTokenBody): Promise<string> {
  const session = useSessionStore.getState();
  session.setAuth(toStoredAuth(token));
  try {
    const [userInfo, menu] = await Promise.all([fetchUserDetail(), fetchMenuTree()]);
    session.setUserInfo(userInfo);
    session.setMenuInfo(menu);
    return redirectMemory.take() ?? landingPath(userInfo.isAdmin, menu);
  } catch (error) {
    // Half a session is worse than none: the guard would let the user in without a menu.
    useSessionStore.getState().clear();
    throw error;
  }
}
