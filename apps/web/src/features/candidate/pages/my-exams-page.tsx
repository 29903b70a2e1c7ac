import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { candidatePaths, formatScore } from '@kaopei/shared';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { candidateKeys, fetchMyExams, type ExamTab, type MyExamRow } from '../api';
import { CandidateHeader } from '../components/candidate-layout';
import { formatWindow } from '../../../lib/time-format';

const TABS: { key: ExamTab; label: string; empty: string }[] = [
  { key: 'upcoming', label: '未开始', empty: '暂无未开始的考试' },
  { key: 'ongoing', label: '可参加', empty: '暂无可参加的考试' },
  { key: 'finished', label: '已完成', empty: '暂无已完成的考试' },
];

function isTab(value: string | null): value is ExamTab {
  return TABS.some((tab) => tab.key === value);
}

function ExamCard({ exam, tab }: { exam: MyExamRow; tab: ExamTab }): ReactNode {
  let tag: ReactNode;
  if (exam.openAttemptId !== null) tag = <Tag color="processing">答题中</Tag>;
  else if (tab === 'upcoming') tag = <Tag>未开始</Tag>;
  else if (tab === 'ongoing') tag = <Tag color="success">可参加</Tag>;
  else if (exam.lastStatus === 1) tag = <Tag color="warning">待阅卷</Tag>;
  else tag = <Tag color="default">{exam.state === 'ended' ? '已结束' : '已完成'}</Tag>;
  return (
    <li>
      <Link to={candidatePaths.exam(exam.examId)} className="kp-m-card kp-m-exam" data-testid="exam-card">
        <div className="kp-m-exam__head">
          <span className="kp-m-exam__name">{exam.name}</span>
          {tag}
        </div>
        <div className="kp-m-exam__meta">考试时间：{formatWindow(exam.startAt, exam.endAt)}</div>
        <div className="kp-m-exam__meta">
          时长 {exam.durationText} · 及格 {formatScore(exam.passScore)} 分 · 已考 {exam.attemptsUsed}/
          {exam.attemptsAllowed} 次
        </div>
        {tab === 'finished' && exam.bestScore !== null ? (
          <div className="kp-m-exam__score">成绩 {formatScore(exam.bestScore)} 分</div>
        ) : null}
      </Link>
    </li>
  );
}

function ExamList({ tab }: { tab: (typeof TABS)[number] }): ReactNode {
  const exams = useQuery({ queryKey: candidateKeys.exams(tab.key), queryFn: () => fetchMyExams(tab.key) });
  if (exams.isPending) return <PageLoading />;
  if (exams.isError) return <PageError onRetry={() => void exams.refetch()} />;
  if (exams.data.length === 0) return <PageEmpty description={tab.empty} />;
  return (
    <ul className="kp-m-list">
      {exams.data.map((exam) => (
        <ExamCard key={exam.examId} exam={exam} tab={tab.key} />
      ))}
    </ul>
  );
}

/** /m, /m/exams: 我的考试 in three tabs. */
export default function MyExamsPage(): ReactNode {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: ExamTab = isTab(requested) ? requested : 'ongoing';
  return (
    <>
      <CandidateHeader title="我的考试" />
      <main className="kp-m-main">
        <Tabs
          activeKey={active}
          centered
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={TABS.map((tab) => ({
            key: tab.key,
            label: tab.label,
            children: active === tab.key ? <ExamList tab={tab} /> : null,
          }))}
        />
      </main>
    </>
  );
}
