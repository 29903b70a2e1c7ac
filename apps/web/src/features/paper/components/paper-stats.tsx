import type { ReactNode } from 'react';
import { Space, Statistic, Tag, Typography } from 'antd';
import { PAPER_DIFFICULTY_LABELS, formatScore, type PaperTotals } from '@kaopei/shared';

/** Question count, total score, type mix and average difficulty of a paper (live in the builder). */
export function PaperStats({
  totals,
  extra,
}: {
  totals: Pick<PaperTotals, 'questionCount' | 'totalScore' | 'typeMix' | 'averageDifficulty' | 'difficulty'>;
  extra?: ReactNode;
}): ReactNode {
  const mix = totals.typeMix.filter((entry) => entry.count > 0);
  return (
    <div className="kp-paper-stats" data-testid="paper-stats">
      <Space size="large" wrap align="start">
        <Statistic title="题数" value={totals.questionCount} suffix="题" />
        <Statistic title="总分" value={formatScore(totals.totalScore)} suffix="分" />
        <Statistic
          title="平均难度"
          value={totals.averageDifficulty === null ? '-' : totals.averageDifficulty.toFixed(2)}
          suffix={totals.difficulty ? PAPER_DIFFICULTY_LABELS[totals.difficulty] : undefined}
        />
        {extra}
      </Space>
      <div className="kp-paper-stats__mix" aria-label="题型分布">
        {mix.length === 0 ? (
          <Typography.Text type="secondary">暂无试题</Typography.Text>
        ) : (
          mix.map((entry) => (
            <Tag key={entry.type} color="blue">
              {entry.label} {entry.count} 题 / {formatScore(entry.points)} 分
            </Tag>
          ))
        )}
      </div>
    </div>
  );
}
