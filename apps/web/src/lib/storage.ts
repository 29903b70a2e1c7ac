/**
 * Typed access to the browser storage entries the app owns (spec §9: auth, user info and menu info are
 * cached in local storage). Every read tolerates a missing or corrupt entry, because storage is shared
 * with other tabs and with whatever an older build wrote there.
 */

export const STORAGE_KEYS = {
  auth: 'kaopei.auth',
  userInfo: 'kaopei.userInfo',
  menuInfo: 'kaopei.menuInfo',
  mode: 'kaopei.mode',
} as const;

/** Session storage key holding the path to return to after signing in. */
export const REDIRECT_KEY = 'kaopei.redirect';

/** Tokens as stored after a password or refresh-token grant. */
export interface StoredAuth {
  access_token: string;
  refresh_token: string;
  /** Epoch milliseconds at which the access token expires. */
  expires_at: number;
}

/** `GET /user/api/v1/user/detail`. */
export interface UserInfo {
  userId: number | string;
  account?: string;
  realName: string;
  gender?: boolean | null;
  phone?: string | null;
  email?: string | null;
  jobNumber?: string | null;
  avatarUrl?: string | null;
  isAdmin: boolean;
  /** 'candidate': an outsider from an open link, who has only the candidate's pages (/m). */
  kind?: 'member' | 'candidate';
  organizationId?: number | string;
  organizationName: string;
  organizationLogoUrl?: string | null;
  departmentId?: number | string | null;
  departmentName?: string | null;
  roles?: { roleId: number | string; name: string }[];
  permission?: number;
}

/** One node of `GET /user/api/v2/sys/permission/get/menu?endpoint=1`. */
export interface MenuNode {
  id: number | string;
  name: string;
  icon?: string | null;
  url?: string | null;
  modes?: string[] | null;
  children?: MenuNode[] | null;
}

function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage can be full or disabled (private mode); the in-memory session still works for this tab.
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStoredAuth(value: unknown): value is StoredAuth {
  return (
    isRecord(value) &&
    typeof value.access_token === 'string' &&
    typeof value.refresh_token === 'string' &&
    typeof value.expires_at === 'number'
  );
}

function isUserInfo(value: unknown): value is UserInfo {
  return isRecord(value) && 'userId' in value;
}

function isMenuTree(value: unknown): value is MenuNode[] {
  return Array.isArray(value) && value.every((node) => isRecord(node) && typeof node.name === 'string');
}

export const storage = {
  getAuth: (): StoredAuth | null => readJson(STORAGE_KEYS.auth, isStoredAuth),
  setAuth: (auth: StoredAuth): void => writeJson(STORAGE_KEYS.auth, auth),
  getUserInfo: (): UserInfo | null => readJson(STORAGE_KEYS.userInfo, isUserInfo),
  setUserInfo: (info: UserInfo): void => writeJson(STORAGE_KEYS.userInfo, info),
  getMenuInfo: (): MenuNode[] | null => readJson(STORAGE_KEYS.menuInfo, isMenuTree),
  setMenuInfo: (menu: MenuNode[]): void => writeJson(STORAGE_KEYS.menuInfo, menu),

  /** Removes the three session entries (spec §4: logout and the 401 flow). */
  clearSession(): void {
    for (const key of [STORAGE_KEYS.auth, STORAGE_KEYS.userInfo, STORAGE_KEYS.menuInfo]) {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // Nothing else to do when storage is unavailable.
      }
    }
  },

  getString(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setString(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Ignored: see writeJson.
    }
  },
};

/** Only same-app absolute paths may be used as a post-login target (no `//host` or `https:` tricks). */
export function isSafeRedirect(path: string | null | undefined): path is string {
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    !/^\/login(?:[/?#]|$)/.test(path)
  );
}

export const redirectMemory = {
  remember(path: string): void {
    if (!isSafeRedirect(path)) return;
    try {
      window.sessionStorage.setItem(REDIRECT_KEY, path);
    } catch {
      // Ignored: losing the return path only costs a click.
    }
  },
  /** Reads and removes the remembered path. */
  take(): string | null {
    try {
      const path = window.sessionStorage.getItem(REDIRECT_KEY);
      window.sessionStorage.removeItem(REDIRECT_KEY);
      return isSafeRedirect(path) ? path : null;
    } catch {
      return null;
    }
  },
  peek(): string | null {
    try {
      const path = window.sessionStorage.getItem(REDIRECT_KEY);
      return isSafeRedirect(path) ? path : null;
    } catch {
      return null;
    }
  },
};
