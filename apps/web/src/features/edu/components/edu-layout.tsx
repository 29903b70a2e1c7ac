import { useEffect, type ReactNode } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { Result } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { LinkButton } from '../../../app/link-button';
import { PageError, PageLoading } from '../../../app/page-states';
import { redirectMemory } from '../../../lib/storage';
import { useSessionStore } from '../../../stores/session-store';
import { accountKeys, fetchAccountDetail } from '../../account/api';
import { PublicLayout } from '../../../components/public-layout';
import '../edu.css';

function SignInFirst({ from }: { from: string }): ReactNode {
  useEffect(() => {
    redirectMemory.remember(from);
  }, [from]);
  return <Navigate to="/login" replace />;
}

/**
 * The 产教融合 area (/eduIndusty/**): a public-area route in the spec, but only for signed-in users of a
 * college or an enterprise, which this layout checks before showing its pages.
 */
export function EduLayout(): ReactNode {
  const location = useLocation();
  const signedIn = useSessionStore((state) => state.auth !== null);
  const detail = useQuery({
    queryKey: accountKeys.detail,
    queryFn: fetchAccountDetail,
    enabled: signedIn,
  });

  if (!signedIn) return <SignInFirst from={`${location.pathname}${location.search}`} />;

  let content: ReactNode;
  if (detail.isPending) content = <PageLoading />;
  else if (detail.isError)
    content = (
      <PageError description="账户信息加载失败，请稍后重试。" onRetry={() => void detail.refetch()} />
    );
  else if (detail.data.organizationKind !== 'college' && detail.data.organizationKind !== 'enterprise')
    content = (
      <Result
        status="403"
        title="无法访问"
        subTitle="产教融合仅对院校和企业用户开放。"
        extra={
          <LinkButton to="/manage" type="primary">
            返回后台
          </LinkButton>
        }
      />
    );
  else content = <Outlet context={detail.data} />;

  return (
    <PublicLayout>
      <div className="kp-edu">
        <nav className="kp-edu__nav" aria-label="产教融合">
          <NavLink to="/eduIndusty" end className="kp-edu__tab">
            产教融合
          </NavLink>
          <NavLink to="/eduIndusty/project/list" className="kp-edu__tab">
            项目列表
          </NavLink>
        </nav>
        {content}
      </div>
    </PublicLayout>
  );
}
