import type { ReactNode } from 'react';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { Button } from 'antd';
import { StatusResult } from './status-result';
import { useAppConfig } from './app-config-context';

/** Last-resort error screen of the router (errors escaping a page's own boundary). */
export function RouteErrorPage(): ReactNode {
  const error = useRouteError();
  const navigate = useNavigate();
  const { homePath } = useAppConfig();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  return (
    <StatusResult
      status="error"
      title="页面出错了"
      subTitle={detail ? `抱歉，页面遇到了问题：${detail}` : '抱歉，页面遇到了问题。'}
      extra={[
        <Button key="retry" type="primary" onClick={() => window.location.reload()}>
          重新加载
        </Button>,
        <Button key="home" onClick={() => void navigate(homePath)}>
          返回首页
        </Button>,
      ]}
    />
  );
}
