import type { ReactNode } from 'react';
import { Progress, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { TARGET_METRIC_LABELS, shanghaiDate } from '@kaopei/shared';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { LearnerShell } from '../../../app/layout/learner-shell';
import { fetchMyTargets, targetKeys, type MyTarget } from '../api';
import { levelColor, percentText, periodText, progressOf, valueText } from '../target-format';
import '../study-target.css';

function stateOf(target: MyTarget, today: string): string {
  if (today < target.startDate) return '未开始';
  if (today > target.endDate) return '已结束';
  return '进行中';
}

function MyTargetCard({ target, today }: { target: MyTarget; today: string }): ReactNode {
  const headingId = `kp-my-target-${target.targetId}`;
  return (
    <li className="kp-m-card" data-testid="my-target" aria-labelledby={headingId}>
      <div className="kp-my-target__head">
        <h2 className="kp-my-target__name" id={headingId}>
          {target.name}
        </h2>
        <Tag color={levelColor(target.level, target.levels.length)} style={{ marginInlineEnd: 0 }}>
          {target.levelName}
        </Tag>
      </div>
      <div className="kp-my-target__meta">
        {periodText(target.startDate, target.endDate)} · {stateOf(target, today)}
      </div>
      <div className="kp-my-target__figures">
        <span>
          {TARGET_METRIC_LABELS[target.metric]}：{valueText(target.metric, target.value)} /{' '}
          {valueText(target.metric, target.targetValue)}
        </span>
        <span>达成率 {percentText(target.percent)}</span>
      </div>
      <Progress
        percent={progressOf(target.percent)}
        showInfo={false}
        size="small"
        status={target.percent >= 100 ? 'success' : 'normal'}
        aria-label={`${target.name}达成率 ${percentText(target.percent)}`}
      />
    </li>
  );
}

/** /m/targets: 我的目标 — each target covering me, my value against it and my level. */
export default function MyTargetsPage(): ReactNode {
  const targets = useQuery({ queryKey: targetKeys.mine, queryFn: fetchMyTargets, refetchOnMount: 'always' });
  const today = shanghaiDate(new Date());
  return (
    <LearnerShell>
      <LearnerHeader title="我的目标" />
      <main className="kp-m-main">
        {targets.isPending ? (
          <PageLoading />
        ) : targets.isError ? (
          <PageError onRetry={() => void targets.refetch()} />
        ) : targets.data.length === 0 ? (
          <PageEmpty description="暂无学习目标" />
        ) : (
          <ul className="kp-m-list">
            {targets.data.map((target) => (
              <MyTargetCard key={target.targetId} target={target} today={today} />
            ))}
          </ul>
        )}
      </main>
    </LearnerShell>
  );
}
