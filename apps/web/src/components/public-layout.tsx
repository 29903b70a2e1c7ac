import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LinkButton } from '../app/link-button';
import { useAppConfig } from '../app/app-config-context';
import { AppFooter } from '../app/layout/app-footer';
import { useSessionStore } from '../stores/session-store';
import './public-layout.css';

/** Whether a usable session exists (tokens and menu stored). */
export function useHasSession(): boolean {
  return useSessionStore((state) => state.auth !== null && state.menuInfo !== null);
}

/** Header + content + footer of the public pages; works down to 375 px wide screens. */
export function PublicLayout({ children }: { children: ReactNode }): ReactNode {
  const config = useAppConfig();
  const signedIn = useHasSession();
  return (
    <div className="kp-public">
      <header className="kp-public__header">
        <Link
          to={config.homePath}
          className="kp-brand kp-brand--public"
          aria-label={`${config.displayName} 首页`}
        >
          <img src={config.logo} alt="" className="kp-brand__logo" />
          <span className="kp-brand__name">{config.displayName}</span>
        </Link>
        <nav className="kp-public__actions" aria-label="账户">
          {signedIn ? (
            <LinkButton to="/manage" type="primary">
              进入后台
            </LinkButton>
          ) : (
            <LinkButton to="/login" type="primary">
              登录
            </LinkButton>
          )}
        </nav>
      </header>
      <main className="kp-public__main">{children}</main>
      <AppFooter className="kp-public__footer" />
    </div>
  );
}
