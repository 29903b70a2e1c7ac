import type { ReactNode } from 'react';
import { Explained } from '../explained';

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
