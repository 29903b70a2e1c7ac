import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';

/** A label with the explanation of its figure in a tooltip (reachable by keyboard). */
export function Explained({ label, tip }: { label: string; tip: string }): ReactNode {
  return (
    <Tooltip title={tip}>
      <span tabIndex={0} aria-label={`${label}：${tip}`} style={{ cursor: 'help', whiteSpace: 'nowrap' }}>
        {label} <QuestionCircleOutlined aria-hidden style={{ fontSize: 12, color: '#595959' }} />
      </span>
    </Tooltip>
  );
}

/** One headline figure: its explained label above, its value below. */
export function Metric({
  label,
  tip,
  value,
  testId,
}: {
  label: string;
  tip: string;
  value: string;
  testId?: string;
}): ReactNode {
  return (
    <div className="kp-analysis-metric">
      <div className="kp-analysis-metric__label">
        <Explained label={label} tip={tip} />
      </div>
      <div className="kp-analysis-metric__value" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}
