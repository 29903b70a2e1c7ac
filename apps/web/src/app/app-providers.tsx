import { useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { darker, readableShade, themePrimary } from '@kaopei/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { usePrefersReducedMotion } from '../lib/reduced-motion';
import { STORAGE_KEYS } from '../lib/storage';
import { useSessionStore } from '../stores/session-store';
import { AppConfigContext } from './app-config-context';
import { AppFeedback } from './app-feedback';
import type { AppConfig } from './config';
import { createQueryClient } from './query-client';
import { TableKeyboard } from './table-keyboard';

/**
 * antd's status colours (tags, danger links, messages), one or two palette steps darker so that text in
 * them reads at 4.5:1 (WCAG 2.1 AA, issue 23). The preset tag colours are fixed in styles/global.css.
 */
const READABLE_COLORS = {
  colorSuccess: '#237804',
  colorWarning: '#874d00',
  colorError: '#cf1322',
  // 'processing' tags write colorInfo on colorInfoBg: antd's #1677ff reads at 3.9:1 there.
  colorInfo: readableShade('#1677ff', '#e6f4ff'),
  colorInfoBg: '#e6f4ff',
  colorInfoBorder: '#91caff',
  // Their tints stay antd's (derived from the darker seeds they would be too dark to read on).
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
} as const;

/**
 * The edition's antd theme. `reducedMotion` (the person's system setting "reduce motion") turns antd's
 * transitions off: menus, dialogs and toasts appear and go at once.
 */
export function buildTheme(config: AppConfig, reducedMotion = false): ThemeConfig {
  const primary = themePrimary(config.primaryColor);
  return {
    token: {
      motion: !reducedMotion,
      ...READABLE_COLORS,
      // The brand colour darkened where needed to read at 4.5:1 (WCAG 2.1 AA, issue 23).
      colorPrimary: primary,
      colorLink: primary,
      // antd lightens these on hover (link text at 3.2:1, white on the button at 3.5:1): darker instead.
      colorPrimaryHover: darker(primary, 0.15),
      colorLinkHover: darker(primary, 0.15),
      // antd's secondary text (#8c8c8c) and placeholders (#bfbfbf) read at 3.4:1 and 1.8:1; these at 5.8:1
      // and 4.7:1. Disabled controls keep antd's lighter grey (WCAG exempts inactive parts).
      colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
      colorTextDescription: 'rgba(0, 0, 0, 0.62)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
      borderRadius: 6,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif",
    },
    components: {
      Layout: { headerBg: '#ffffff', bodyBg: '#f5f7fa' },
      Menu: { horizontalLineHeight: '46px' },
    },
  };
}

/** Another tab signing in or out changes local storage; follow it. */
function StorageSync(): null {
  useEffect(() => {
    const watched: readonly string[] = [STORAGE_KEYS.auth, STORAGE_KEYS.userInfo, STORAGE_KEYS.menuInfo];
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || watched.includes(event.key)) useSessionStore.getState().reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return null;
}

export function AppProviders({
  config,
  queryClient,
  children,
}: {
  config: AppConfig;
  queryClient?: QueryClient;
  children: ReactNode;
}): ReactNode {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const reducedMotion = usePrefersReducedMotion();
  return (
    <AppConfigContext value={config}>
      <ConfigProvider locale={zhCN} theme={buildTheme(config, reducedMotion)}>
        <AppFeedback>
          <StorageSync />
          <TableKeyboard />
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        </AppFeedback>
      </ConfigProvider>
    </AppConfigContext>
  );
}
