import { create } from 'zustand';
import { storage, type MenuNode, type StoredAuth, type UserInfo } from '../lib/storage';

/**
 * The signed-in session: tokens, the user and the menu tree. Local storage is the source of truth across
 * reloads and tabs (spec §9); this store mirrors it so components re-render when it changes.
 */
/** Why the last session ended; the guard then sends the user to /home rather than /login (spec §4). */
export type SessionEnd = 'logout' | 'unauthorized';

interface SessionState {
  auth: StoredAuth | null;
  endedBy: SessionEnd | null;
  userInfo: UserInfo | null;
  menuInfo: MenuNode[] | null;
  setAuth: (auth: StoredAuth) => void;
  setUserInfo: (info: UserInfo) => void;
  setMenuInfo: (menu: MenuNode[]) => void;
  /** Forgets the session in memory and in local storage. */
  clear: (reason?: SessionEnd) => void;
  /** Re-reads local storage (another tab signed in or out). */
  reload: () => void;
}

export const useSessionStore = create<SessionState>((set) => ({
  auth: storage.getAuth(),
  endedBy: null,
  userInfo: storage.getUserInfo(),
  menuInfo: storage.getMenuInfo(),
  setAuth: (auth) => {
    storage.setAuth(auth);
    set({ auth, endedBy: null });
  },
  setUserInfo: (userInfo) => {
    storage.setUserInfo(userInfo);
    set({ userInfo });
  },
  setMenuInfo: (menuInfo) => {
    storage.setMenuInfo(menuInfo);
    set({ menuInfo });
  },
  clear: (reason) => {
    storage.clearSession();
    set({ auth: null, userInfo: null, menuInfo: null, endedBy: reason ?? null });
  },
  reload: () =>
    set({ auth: storage.getAuth(), userInfo: storage.getUserInfo(), menuInfo: storage.getMenuInfo() }),
}));

/** A user counts as signed in when tokens are stored. */
export function isSignedIn(state: Pick<SessionState, 'auth'>): boolean {
  return state.auth !== null;
}
