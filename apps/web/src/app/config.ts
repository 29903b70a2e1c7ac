/**
 * Edition branding and client settings. The server injects them into index.html as
 * `window.__KAOPEI_CONFIG__`; the Vite dev server does not, so there we ask `/api/public/config`.
 */

import { DEFAULT_EDITION, EDITIONS, isEdition, themePrimary, type Edition } from '@kaopei/shared';

export type { Edition };

export interface AppConfig {
  edition: Edition;
  displayName: string;
  slogan: string;
  logo: string;
  favicon: string;
  pageTitle: string;
  primaryColor: string;
  homePath: string;
  hideModeSwitch: boolean;
  oauthClientId: string;
  oauthClientSecret: string;
  requireEncryptedPassword: boolean;
  /** Shows the demo-account hint on the sign-in page. */
  demo: boolean;
  /** Prefix of every API call; '' means the same origin. */
  apiBase: string;
}

declare global {
  interface Window {
    __KAOPEI_CONFIG__?: Partial<AppConfig> & Record<string, unknown>;
  }
}

const defaultEdition = EDITIONS[DEFAULT_EDITION];

export const DEFAULT_CONFIG: AppConfig = {
  edition: defaultEdition.key,
  displayName: defaultEdition.displayName,
  slogan: defaultEdition.slogan,
  logo: defaultEdition.logo,
  favicon: defaultEdition.favicon,
  pageTitle: defaultEdition.pageTitle,
  primaryColor: defaultEdition.primaryColor,
  homePath: defaultEdition.homePath,
  hideModeSwitch: false,
  oauthClientId: 'kaopei-web',
  oauthClientSecret: 'kaopei-secret',
  requireEncryptedPassword: false,
  demo: false,
  apiBase: '',
};

function pickString(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

function pickBoolean(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Merges whatever the server sent over the defaults, ignoring fields of the wrong type. */
export function normalizeConfig(raw: unknown): AppConfig {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const edition = isEdition(source.edition) ? source.edition : DEFAULT_CONFIG.edition;
  // Fields the server left out come from the same edition's defaults, never from another edition.
  const defaults = EDITIONS[edition];
  const homePath = pickString(source.homePath, defaults.homePath);
  return {
    edition,
    displayName: pickString(source.displayName, defaults.displayName),
    slogan: pickString(source.slogan, defaults.slogan),
    logo: pickString(source.logo, defaults.logo),
    favicon: pickString(source.favicon, defaults.favicon),
    pageTitle: pickString(source.pageTitle, defaults.pageTitle),
    primaryColor: pickString(source.primaryColor, defaults.primaryColor),
    homePath: homePath.startsWith('/') ? homePath : DEFAULT_CONFIG.homePath,
    hideModeSwitch: pickBoolean(source.hideModeSwitch, DEFAULT_CONFIG.hideModeSwitch),
    oauthClientId: pickString(source.oauthClientId, DEFAULT_CONFIG.oauthClientId),
    oauthClientSecret: pickString(source.oauthClientSecret, DEFAULT_CONFIG.oauthClientSecret),
    requireEncryptedPassword: pickBoolean(
      source.requireEncryptedPassword,
      DEFAULT_CONFIG.requireEncryptedPassword,
    ),
    demo: pickBoolean(source.demo, DEFAULT_CONFIG.demo),
    apiBase: typeof source.apiBase === 'string' ? source.apiBase.replace(/\/+$/, '') : DEFAULT_CONFIG.apiBase,
  };
}

let current: AppConfig = DEFAULT_CONFIG;

/** The configuration loaded at start-up (defaults before `loadConfig` resolves, e.g. in tests). */
export function getConfig(): AppConfig {
  return current;
}

/** Test hook and start-up setter. */
export function setConfig(config: AppConfig): void {
  current = config;
}

/** Reads the injected config, or fetches it (Vite dev), or falls back to the defaults. */
export async function loadConfig(): Promise<AppConfig> {
  const injected = window.__KAOPEI_CONFIG__;
  if (injected && typeof injected === 'object') {
    current = normalizeConfig(injected);
    return current;
  }
  try {
    const response = await fetch('/api/public/config', { headers: { Accept: 'application/json' } });
    if (response.ok) {
      const body: unknown = await response.json();
      // Tolerate both the bare object and the standard envelope.
      const envelope = body as { res?: { data?: unknown } };
      current = normalizeConfig(envelope.res?.data ?? body);
      return current;
    }
  } catch {
    // No server yet (e.g. the API is still starting): the default branding keeps the app usable.
  }
  current = DEFAULT_CONFIG;
  return current;
}

/** Applies the edition to the document: title, favicon and a data attribute for edition styles. */
export function applyDocumentBranding(config: AppConfig): void {
  document.title = config.pageTitle;
  document.documentElement.dataset.edition = config.edition;
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.type = config.favicon.endsWith('.svg') ? 'image/svg+xml' : '';
  link.href = config.favicon;
  document.documentElement.style.setProperty('--kp-primary', themePrimary(config.primaryColor));
}
