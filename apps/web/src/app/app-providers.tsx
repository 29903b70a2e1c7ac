import { useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { usePrefersReducedMotion } from '../lib/reduced-motion';
import { STORAGE_KEYS } from '../lib/storage';
import { useSessionStore } from '../stores/session-store';
import { AppConfigContext } from './app-config-context';
import { AppFeedback } from './app-feedback';
import type { AppConfig } from './config';
import { createQueryClient } from './query-client';

/**
 * The edition's antd theme. `reducedMotion` (the person's system setting "reduce motion") turns antd's
 * transitions off: menus, dialogs and toasts appear and go at once.
 */
export function buildTheme(config: AppConfig, reducedMotion = false): ThemeConfig {
  return {
    token: {
      motion: !reducedMotion,
      colorPrimary: config.primaryColor,
      colorLink: config.primaryColor,
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
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        </AppFeedback>
      </ConfigProvider>
    </AppConfigContext>
  );
}
