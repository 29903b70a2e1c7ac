import { useState, type ReactNode } from 'react';
import { Pagination, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MENTAL_STATUS_LABELS, psychPaths } from '@kaopei/shared/contracts/psych';
import { LinkButton } from '../../../app/link-button';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { LearnerShell } from '../../../app/layout/learner-shell';
import { formatWindow } from '../../../lib/time-format';
import { fetchMyMental, psychKeys, type MyMentalRow } from '../api';
import '../psych.css';

const PAGE_SIZE = 10;

function action(row: MyMentalRow): ReactNode {
  if (row.taken) {
    return row.showResult && !row.anonymous ? (
      <LinkButton to={`${psychPaths.take(row.mentalExamId)}?view=result`} size="small">
        查看结果
      </LinkButton>
    ) : (
      <Tag>已完成</Tag>
    );
  }
  if (row.status !== 'open') return <Tag>{MENTAL_STATUS_LABELS[row.status]}</Tag>;
  const action = row.answeredCount > 0 ? '继续作答' : '开始作答';
  return (
    <LinkButton
      to={psychPaths.take(row.mentalExamId)}
      type="primary"
      size="small"
      // The visible words first, then which exam (WCAG 2.5.3 label in name).
      aria-label={`${action}「${row.name}」`}
    >
      {action}
    </LinkButton>
  );
}

/** /m/psych: my mental exams, open ones first. */
export default function MyMentalPage(): ReactNode {
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: psychKeys.my(page),
    queryFn: () => fetchMyMental(page, PAGE_SIZE),
    refetchOnMount: 'always',
  });
  return (
    <LearnerShell>
      <LearnerHeader title="心理测评" />
      <main className="kp-m-main">
        {list.isPending ? (
          <PageLoading />
        ) : list.isError ? (
          <PageError onRetry={() => void list.refetch()} />
        ) : list.data.data.length === 0 ? (
          <PageEmpty description="暂无心理测评" />
        ) : (
          <>
            <ul className="kp-m-list">
              {list.data.data.map((row) => (
                <li key={row.mentalExamId} className="kp-m-card" data-testid="my-mental">
                  <strong>{row.name}</strong>
                  <div className="kp-muted">
                    {row.scaleName} · {row.itemCount} 题 · {row.anonymous ? '匿名' : '实名'} · 不限时
                  </div>
                  <div className="kp-muted">{formatWindow(row.startAt, row.endAt)}</div>
                  {!row.taken && row.answeredCount > 0 ? (
                    <div className="kp-muted">
                      已答 {row.answeredCount} / {row.itemCount} 题
                    </div>
                  ) : null}
                  <div style={{ marginTop: 8 }}>{action(row)}</div>
                </li>
              ))}
            </ul>
            {list.data.total > PAGE_SIZE ? (
              <Pagination
                simple
                align="center"
                current={page + 1}
                pageSize={PAGE_SIZE}
                total={list.data.total}
                onChange={(next) => setPage(next - 1)}
              />
            ) : null}
          </>
        )}
      </main>
    </LearnerShell>
  );
}
