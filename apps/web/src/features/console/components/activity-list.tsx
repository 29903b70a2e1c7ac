import type { ReactNode } from 'react';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { relativeTime } from '@kaopei/shared';
import { activityLabel, activityTime, type ConsoleStats } from '../api';

/** Activity lines, newest first, with relative times. */
export function ActivityList({ items }: { items: ConsoleStats['recentActivity'] }): ReactNode {
  return (
    <ul className="kp-activity" data-testid="recent-activity">
      {items.map((item) => {
        const at = activityTime(item.createdAt);
        return (
          <li key={String(item.id)} className="kp-activity__item">
            <div className="kp-activity__main">
              <div className="kp-activity__title">
                {item.detail || `${item.actorName ?? ''} ${activityLabel(item.action)}`.trim()}
              </div>
              <div className="kp-activity__meta">
                <Tag variant="filled">{activityLabel(item.action)}</Tag>
                {item.actorName ? <span>{item.actorName}</span> : null}
              </div>
            </div>
            {at !== null ? (
              <time
                className="kp-console__time"
                dateTime={new Date(at).toISOString()}
                title={dayjs(at).format('YYYY-MM-DD HH:mm')}
              >
                {relativeTime(at)}
              </time>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
