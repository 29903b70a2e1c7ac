import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router';
import { PERMISSION_WARNING } from '@kaopei/shared';
import { toast } from '../lib/feedback';
import { redirectMemory } from '../lib/storage';
import { useSessionStore } from '../stores/session-store';
import { useAppConfig } from './app-config-context';
import { decideAccess } from './guard';
import { firstRoutableUrl, flattenMenuUrls } from './layout/menu-model';
import { isRoutableUrl } from './manage-routes';
import { deepestHandle } from './route-handle';

function Redirect({ to, warn }: { to: string; warn: boolean }): ReactNode {
  useEffect(() => {
    if (warn) toast.warning(PERMISSION_WARNING);
  }, [warn, to]);
  return <Navigate to={to} replace />;
}

function LoginRedirect({ from }: { from: string }): ReactNode {
  useEffect(() => {
    redirectMemory.remember(from);
  }, [from]);
  return <Navigate to="/login" replace />;
}

/**
 * Root of every route: applies the navigation guard (spec §2) and keeps the router in step with
 * hand-edited address-bar fragments.
 */
export function RootShell(): ReactNode {
  const config = useAppConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const handle = deepestHandle(useMatches());
  const auth = useSessionStore((state) => state.auth);
  const menu = useSessionStore((state) => state.menuInfo);
  const endedBy = useSessionStore((state) => state.endedBy);
  const candidate = useSessionStore((state) => state.userInfo?.kind === 'candidate');
  const previousPath = useRef<string | null>(null);

  const menuUrls = auth && menu ? flattenMenuUrls(menu) : null;
  const decision = decideAccess(location.pathname, handle, menuUrls, previousPath.current, {
    homePath: config.homePath,
    firstMenuUrl: firstRoutableUrl(menu, isRoutableUrl),
    candidate,
  });

  useEffect(() => {
    if (decision.kind === 'allow') previousPath.current = location.pathname;
  });

  // Spec §2: a change of the address-bar hash is synced to the router. Legacy hash-mode links
  // ('/#/manage/console') are turned into history-mode paths.
  const locationRef = useRef(location);
  locationRef.current = location;
  useEffect(() => {
    const followLegacyHash = (): boolean => {
      const { hash } = window.location;
      if (!hash.startsWith('#/')) return false;
      void navigate(hash.slice(1), { replace: true });
      return true;
    };
    const sync = () => {
      if (followLegacyHash()) return;
      const { pathname, search, hash } = window.location;
      const current = locationRef.current;
      if (current.pathname !== pathname || current.search !== search || current.hash !== hash) {
        void navigate(`${pathname}${search}${hash}`, { replace: true });
      }
    };
    followLegacyHash();
    window.addEventListener('hashchange', sync);
    return () => window.removeEventListener('hashchange', sync);
  }, [navigate]);

  let content: ReactNode;
  if (decision.kind === 'allow') {
    content = <Outlet />;
  } else if (decision.kind === 'login') {
    // After a logout or a 401 the user belongs on /home (spec §4); the page being left may render once
    // more without a session before that navigation lands.
    content = endedBy ? (
      <Navigate to="/home" replace />
    ) : (
      <LoginRedirect from={`${location.pathname}${location.search}${location.hash}`} />
    );
  } else {
    content = <Redirect to={decision.to} warn={decision.warn} />;
  }

  return (
    <>
      {content}
      <ScrollRestoration />
    </>
  );
}
