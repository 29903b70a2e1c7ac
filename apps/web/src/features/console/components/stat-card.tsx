import type { ReactNode } from 'react';
import { Card } from 'antd';

/** One statistic: the number sits alone in the element carrying `testId` so tests can read it. */
export function StatCard({
  label,
  value,
  icon,
  tone,
  testId,
}: {
  label: string;
  value: number;
  icon: ReactNode;
  tone: string;
  testId: string;
}): ReactNode {
  return (
    <Card className="kp-stat" size="small">
      <div className="kp-stat__body">
        <span className="kp-stat__icon" style={{ color: tone, background: `${tone}1a` }} aria-hidden="true">
          {icon}
        </span>
        <div className="kp-stat__text">
          <div className="kp-stat__label">{label}</div>
          <div className="kp-stat__value" data-testid={testId}>
            {value}
          </div>
        </div>
      </div>
    </Card>
  );
}
