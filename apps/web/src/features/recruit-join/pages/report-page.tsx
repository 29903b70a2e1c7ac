import type { ReactNode } from 'react';
import { Descriptions, Rate, Result, Tag, Timeline } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { RECRUIT_STAGE_LABELS, type RecruitStage } from '@kaopei/shared';
import { PageLoading } from '../../../app/page-states';
import { PublicLayout } from '../../../components/public-layout';
import { formatDateTime } from '../../../lib/time-format';
import { fetchReport, recruitJoinKeys, type ExternalReport } from '../api';
import { LinkGone } from '../components/link-gone';
import { testScoreText } from '../recruit-join-rules';
import '../recruit-join.css';

const stageLabel = (stage: string) => RECRUIT_STAGE_LABELS[stage as RecruitStage] ?? stage;

function Facts({ report }: { report: ExternalReport }): ReactNode {
  const score = testScoreText({ testExamId: null, testScore: report.testScore, testTotal: report.testTotal });
  return (
    <Descriptions
      column={1}
      size="small"
      items={[
        { key: 'job', label: '应聘职位', children: `${report.jobName}（${report.postName}）` },
        { key: 'stage', label: '当前阶段', children: <Tag color="blue">{stageLabel(report.stage)}</Tag> },
        { key: 'applied', label: '投递时间', children: formatDateTime(report.appliedAt) },
        { key: 'school', label: '毕业院校', children: report.school ?? '-' },
        { key: 'degree', label: '学历', children: report.degree ?? '-' },
        { key: 'years', label: '工作年限', children: report.years === null ? '-' : `${report.years} 年` },
        {
          key: 'score',
          label: '笔试成绩',
          children: <span data-testid="report-score">{score ?? '未参加'}</span>,
        },
        {
          key: 'rating',
          label: '招聘方评分',
          children: report.rating === null ? '未评分' : <Rate disabled value={report.rating} />,
        },
        ...(report.tags.length > 0
          ? [{ key: 'tags', label: '标签', children: report.tags.map((tag) => <Tag key={tag}>{tag}</Tag>) }]
          : []),
      ]}
    />
  );
}

function Scorecards({ report }: { report: ExternalReport }): ReactNode {
  if (report.scorecards.length === 0) return <p className="kp-join__muted">暂无面试评分</p>;
  return (
    <ul className="kp-join__list">
      {report.scorecards.map((card) => (
        <li key={card.interviewId} className="kp-join__card">
          <span className="kp-join__card-title">
            {card.interviewerName}
            {card.total === null ? '' : ` · ${card.total} 分`}
          </span>
          <span className="kp-join__muted">
            {formatDateTime(card.at)}
            {card.recommendation ? ` · ${card.recommendation}` : ''}
          </span>
          {card.comment ? <span className="kp-join__description">{card.comment}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function ReportView({ report }: { report: ExternalReport }): ReactNode {
  return (
    <>
      <section className="kp-join__panel" aria-labelledby="report-title">
        <div className="kp-join__muted">{report.organizationName} · 应聘者报告</div>
        <h1 id="report-title" data-testid="report-name">
          {report.name}
        </h1>
        <Facts report={report} />
      </section>
      <section className="kp-join__panel" aria-labelledby="report-moves">
        <h2 id="report-moves" style={{ marginTop: 0 }}>
          招聘进程
        </h2>
        <Timeline
          items={report.moves.map((move) => ({
            children: (
              <>
                {move.fromStage ? `${stageLabel(move.fromStage)} → ` : ''}
                {stageLabel(move.toStage)}
                <div className="kp-join__muted">
                  {formatDateTime(move.at)}
                  {move.actorName ? ` · ${move.actorName}` : ''}
                  {move.note ? ` · ${move.note}` : ''}
                </div>
              </>
            ),
          }))}
        />
      </section>
      <section className="kp-join__panel" aria-labelledby="report-cards">
        <h2 id="report-cards" style={{ marginTop: 0 }}>
          面试评分
        </h2>
        <Scorecards report={report} />
      </section>
      <section className="kp-join__panel" aria-labelledby="report-resume">
        <h2 id="report-resume" style={{ marginTop: 0 }}>
          简历内容
        </h2>
        {report.resumeText.trim() ? (
          <div className="kp-join__resume">{report.resumeText}</div>
        ) : (
          <p className="kp-join__muted">未上传简历</p>
        )}
      </section>
      <p className="kp-join__muted">
        此链接有效期至 {formatDateTime(report.expiresAt)}，请勿转发给无关人员。
      </p>
    </>
  );
}

/** /report?token= — an applicant's report for a hiring manager outside the system (signed, expiring link). */
export default function ReportPage(): ReactNode {
  const token = useSearchParams()[0].get('token') ?? '';
  const report = useQuery({
    queryKey: recruitJoinKeys.report(token),
    queryFn: () => fetchReport(token),
    enabled: token !== '',
    retry: false,
  });
  let body: ReactNode;
  if (token === '')
    body = <Result status="404" title="报告链接无效或已过期" subTitle="请向招聘方索取新的链接。" />;
  else if (report.isPending) body = <PageLoading />;
  else if (report.isError)
    body = (
      <LinkGone
        error={report.error}
        title="无法打开报告"
        hint="请向招聘方索取新的链接"
        onRetry={() => void report.refetch()}
      />
    );
  else body = <ReportView report={report.data} />;
  return (
    <PublicLayout>
      <div className="kp-join">{body}</div>
    </PublicLayout>
  );
}
