import type { ReactNode } from 'react';
import { Button, Empty, Spin } from 'antd';
import { StatusResult } from './status-result';
import { LOADING_TEXT } from '@kaopei/shared';

/** The three states every page has besides its content (design.md §4). */

export function PageLoading({ tip = LOADING_TEXT }: { tip?: string }): ReactNode {
  return (
    <div className="kp-page-state" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="kp-page-state__tip">{tip}</span>
    </div>
  );
}

export function PageError({
  title = '加载失败',
  description = '数据加载失败，请稍后重试。',
  onRetry,
}: {
  title?: string;
  description?: string;
  onRetry?: () => void;
}): ReactNode {
  return (
    <StatusResult
      status="error"
      title={title}
      subTitle={description}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            重试
          </Button>
        ) : undefined
      }
    />
  );
}

export function PageEmpty({
  description = '暂无数据',
  children,
}: {
  description?: string;
  children?: ReactNode;
}) {
  return (
    <div className="kp-page-state">
      <Empty description={description}>{children}</Empty>
    </div>
  );
}
