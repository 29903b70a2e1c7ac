import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { StatusResult } from '../status-result';
import { useSessionStore } from '../../stores/session-store';
import { isRoutableUrl } from '../manage-routes';
import { firstRoutableUrl, menuForMode } from './menu-model';
import { useModeState } from './use-mode';

/** /manage itself: the first page of the current mode, else the first page of the whole menu. */
export function ManageIndex(): ReactNode {
  const menu = useSessionStore((state) => state.menuInfo);
  const { filterMode } = useModeState();
  const target =
    firstRoutableUrl(menuForMode(menu, filterMode), isRoutableUrl) ?? firstRoutableUrl(menu, isRoutableUrl);
  if (target) return <Navigate to={target} replace />;
  return (
    <StatusResult
      status="info"
      title="暂无可用功能"
      subTitle="您的账号暂未开通任何已上线的功能，请联系管理员分配权限。"
    />
  );
}
