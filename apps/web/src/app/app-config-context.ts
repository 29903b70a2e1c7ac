import { createContext, useContext } from 'react';
import { getConfig, type AppConfig } from './config';

/** The loaded edition configuration, provided once at the root. */
export const AppConfigContext = createContext<AppConfig | null>(null);

export function useAppConfig(): AppConfig {
  return useContext(AppConfigContext) ?? getConfig();
}
