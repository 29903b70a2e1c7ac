import { useMemo, useState, type ReactNode } from 'react';
import { Card, Select, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { APPLICANT_SOURCE_LABELS, JOB_STATUS_LABELS } from '@kaopei/shared';
import { recruitPaths } from '@kaopei/shared/contracts/recruitment';
import { AnalysisChart, barOption } from '../../../components/analysis/analysis-chart';
import { Metric } from '../../../components/analysis/metric';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { fetchOverview, recruitKeys, type Overview } from '../api';
import { daysText, formatRate, funnelSteps } from '../recruitment-rules';
import '../../../components/analysis/exam-analysis.css';
import '../recruitment.css';

type FunnelRow = Overview['funnel'][number];

function Headline({ data }: { data: Overview }): ReactNode {
  return (
    <div className="kp-recruit-stats">
      <Metric
        label="招聘中职位"
        tip="状态为招聘中的职位数"
        value={String(data.openJobs)}
        testId="open-jobs"
      />
      <Metric label="应聘人次" tip="所有职位收到的应聘记录" value={String(data.applicants)} />
      <Metric label="已入职" tip="经录用成为员工的人数" value={String(data.hired)} />
      <Metric
        label="平均招聘周期"
        tip="近 180 天入职者从投递到录用的平均天数"
        value={daysText(data.avgDaysToHire)}
      />
      <Metric label="本周面试" tip="本周安排的视频面试" value={String(data.interviewsThisWeek)} />
    </div>
  );
}

function busiestJob(funnel: FunnelRow[]): number | undefined {
  return funnel.reduce<FunnelRow | undefined>(
    (best, f) => (best && best.total >= f.total ? best : f),
    undefined,
  )?.jobId;
}

function JobFunnel({ funnel }: { funnel: FunnelRow[] }): ReactNode {
  // The job with the most applicants first.
  const [jobId, setJobId] = useState<number | undefined>(() => busiestJob(funnel));
  const job = funnel.find((f) => f.jobId === jobId) ?? funnel[0];
  const option = useMemo(() => {
    const steps = job ? funnelSteps(job.counts, job.total) : [];
    return barOption(
      steps.map((s) => `${s.label} ${s.rate}`),
      steps.map((s) => s.reached),
      '人数',
    );
  }, [job]);
  return (
    <Card
      size="small"
      title="职位漏斗"
      extra={
        <Select
          aria-label="漏斗职位"
          style={{ width: 200 }}
          value={job?.jobId}
          onChange={setJobId}
          options={funnel.map((f) => ({ value: f.jobId, label: f.name }))}
        />
      }
    >
      <AnalysisChart option={option} summary={`${job?.name ?? ''}各阶段到达人数`} testId="funnel-chart" />
    </Card>
  );
}

function FunnelTable({ funnel }: { funnel: FunnelRow[] }): ReactNode {
  return (
    <Table<FunnelRow>
      size="small"
      rowKey="jobId"
      pagination={false}
      dataSource={funnel}
      scroll={{ x: 800 }}
      columns={[
        {
          title: '职位',
          dataIndex: 'name',
          render: (_, r) => <Link to={recruitPaths.jobDetail(r.jobId)}>{r.name}</Link>,
        },
        { title: '状态', dataIndex: 'status', render: (_, r) => <Tag>{JOB_STATUS_LABELS[r.status]}</Tag> },
        { title: '应聘', dataIndex: 'total' },
        ...funnelSteps({}, 0)
          .slice(1)
          .map((step) => ({
            title: step.label,
            key: step.stage,
            render: (_: unknown, r: FunnelRow) => {
              const s = funnelSteps(r.counts, r.total).find((x) => x.stage === step.stage);
              return s ? `${s.reached}（${s.rate}）` : '—';
            },
          })),
        {
          title: '淘汰',
          key: 'rejected',
          render: (_, r) => `${r.counts.rejected ?? 0}（${formatRate(r.counts.rejected ?? 0, r.total)}）`,
        },
      ]}
    />
  );
}

/** /manage/recruitment: headline figures, the funnel per job, sources of applicants. */
export default function OverviewPage(): ReactNode {
  const overview = useQuery({ queryKey: recruitKeys.overview, queryFn: fetchOverview });
  const sources = useMemo(() => {
    const rows = overview.data?.sources ?? [];
    return barOption(
      rows.map((s) => APPLICANT_SOURCE_LABELS[s.source]),
      rows.map((s) => s.count),
      '应聘人次',
    );
  }, [overview.data]);
  if (overview.isPending) return <PageLoading />;
  if (overview.isError) return <PageError onRetry={() => void overview.refetch()} />;
  const data = overview.data;
  return (
    <div className="kp-page">
      <Headline data={data} />
      {data.funnel.length === 0 ? (
        <PageEmpty description="还没有职位，先去发布一个职位吧。" />
      ) : (
        <>
          <div className="kp-recruit-resume" style={{ marginBottom: 16 }}>
            <JobFunnel funnel={data.funnel} />
            <Card size="small" title="应聘来源">
              <AnalysisChart option={sources} summary="各来源应聘人次" testId="source-chart" />
            </Card>
          </div>
          <Card size="small" title="各职位转化">
            <FunnelTable funnel={data.funnel} />
          </Card>
        </>
      )}
    </div>
  );
}
