import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import type { LiveStatus } from '@kaopei/shared';
import { formatCountdown } from '../../../lib/countdown';
import { formatDateTime } from '../../../lib/time-format';

/** The state of the class above the picture: a countdown before it starts, live, or ended. */
export function StatusBanner({
  status,
  startAt,
  clockOffset,
  hasRecording,
}: {
  status: LiveStatus;
  startAt: number | null;
  /** Server clock minus this browser's clock. */
  clockOffset: number;
  hasRecording: boolean;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (status !== 'scheduled' || startAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [status, startAt]);

  if (status === 'live')
    return (
      <Alert type="success" showIcon message="直播中" description="画面延迟约 5–10 秒。" role="status" />
    );
  if (status === 'ended')
    return (
      <Alert
        type="info"
        showIcon
        message="已结束"
        description={hasRecording ? '可以观看本次直播的回放。' : '回放生成后会显示在这里。'}
        role="status"
      />
    );
  const left = startAt === null ? 0 : startAt - (now + clockOffset);
  return (
    <Alert
      type="warning"
      showIcon
      message="未开始"
      role="status"
      description={
        startAt === null
          ? '开始时间待定。'
          : left > 0
            ? `${formatDateTime(startAt)} 开始，距开始 ${formatCountdown(left)}`
            : `计划 ${formatDateTime(startAt)} 开始，请等待老师开播。`
      }
    />
  );
}
