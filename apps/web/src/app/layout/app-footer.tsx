import type { ReactNode } from 'react';
import { COPYRIGHT_YEARS } from '@kaopei/shared';
import { useAppConfig } from '../app-config-context';

/** '© 2020-2024 <display name>' (spec §1). */
export function AppFooter({ className }: { className?: string }): ReactNode {
  const { displayName } = useAppConfig();
  return (
    <footer className={className ? `kp-footer ${className}` : 'kp-footer'}>
      © {COPYRIGHT_YEARS} {displayName} 版权所有
    </footer>
  );
}
