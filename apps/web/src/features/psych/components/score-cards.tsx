import type { ReactNode } from 'react';
import type { DimensionScoreView } from '@kaopei/shared/contracts/psych';
import { scorePercent, scoreText } from '../psych-rules';

/** A person's result: each dimension's score within its range, level and interpretation. */
export function ScoreCards({ scores }: { scores: DimensionScoreView[] }): ReactNode {
  return (
    <div data-testid="psych-scores">
      {scores.map((s) => (
        <section key={s.key} className="kp-psych-score" aria-label={`${s.name}：${scoreText(s)}`}>
          <div className="kp-psych-score__head">
            <span>{s.name}</span>
            <span>{scoreText(s)}</span>
          </div>
          <div
            className="kp-psych-score__bar"
            role="meter"
            aria-label={`${s.name}得分`}
            aria-valuemin={s.min}
            aria-valuemax={s.max}
            aria-valuenow={s.score}
          >
            <div className="kp-psych-score__fill" style={{ width: `${scorePercent(s)}%` }} />
          </div>
          <div className="kp-muted">
            得分范围 {s.min}–{s.max}
            {s.percentile !== null ? ` · 百分位 ${s.percentile}` : ''}
          </div>
          {s.interpretation ? <p>{s.interpretation}</p> : null}
        </section>
      ))}
    </div>
  );
}
