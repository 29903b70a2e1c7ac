import type { ReactNode } from 'react';
import { Result } from 'antd';
import { LinkButton } from '../../../app/link-button';
import { useAppConfig } from '../../../app/app-config-context';
import { PublicLayout } from '../../../components/public-layout';

/** /NotFoundComponent: the 404 page. */
export default function NotFoundPage(): ReactNode {
  const { homePath } = useAppConfig();
  return (
    <PublicLayout>
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在或已被移除。"
        extra={
          <LinkButton to={homePath} type="primary">
            返回首页
          </LinkButton>
        }
      />
    </PublicLayout>
  );
}
