import type { ReactNode } from 'react';
import { Result } from 'antd';
import { PageError } from '../../../app/page-states';
import { ApiError } from '../../../lib/http';

/**
 * What a public page shows when its link leads nowhere: the server's own message (职位不存在或已下线,
 * 报告链接无效或已过期 …) for a refusal, a retry for a network failure.
 */
export function LinkGone({
  error,
  title,
  hint,
  onRetry,
}: {
  error: unknown;
  title: string;
  hint: string;
  onRetry: () => void;
}): ReactNode {
  const refused = error instanceof ApiError && error.status !== undefined && error.status < 500;
  if (!refused) return <PageError onRetry={onRetry} />;
  return (
    <Result
      status="404"
      title={title}
      subTitle={
        <span data-testid="link-gone">
          {error.message}。{hint}
        </span>
      }
    />
  );
}
