import type { ReactNode } from 'react';
import { CheckCircleOutlined, CloudOutlined, LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import type { SyncStatus } from '../answer-sync';

const TEXTS: Record<SyncStatus, string> = {
  saved: '已保存',
  saving: '保存中',
  offline: '离线，答案已暂存本机',
  closed: '答卷已关闭',
  error: '保存失败，答案已暂存本机',
};

const ICONS: Record<SyncStatus, ReactNode> = {
  saved: <CheckCircleOutlined />,
  saving: <LoadingOutlined />,
  offline: <CloudOutlined />,
  closed: <WarningOutlined />,
  error: <WarningOutlined />,
};

/** Where the candidate's answers are: on the server, on their way, or kept in this browser. */
export function SaveStatus({ status }: { status: SyncStatus }): ReactNode {
  return (
    <span
      className={`kp-m-save kp-m-save--${status}`}
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-status={status}
    >
      {ICONS[status]} {TEXTS[status]}
    </span>
  );
}
