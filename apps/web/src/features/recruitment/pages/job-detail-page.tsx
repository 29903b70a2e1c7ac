import { useState, type ReactNode } from 'react';
import { Button, Segmented, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { JOB_STATUS_LABELS, type RecruitStage } from '@kaopei/shared';
import { recruitPaths } from '@kaopei/shared/contracts/recruitment';
import { DataTable, useListPage } from '../../../components/data-table';
import { PageError, PageLoading } from '../../../app/page-states';
import {
  fetchApplications,
  fetchBoard,
  recruitKeys,
  type ApplicationFilter,
  type ApplicationRow,
} from '../api';
import { applicationColumns, BulkMoveButton, StageFilter } from '../components/application-table';
import { JobShareModal } from '../components/job-share-modal';
import { MessageModal } from '../components/message-modal';
import { PipelineBoard } from '../components/pipeline-board';
import { useMoveApplications } from '../components/use-move';
import { bulkMoveProblem } from '../recruitment-rules';
import '../recruitment.css';

function ApplicationsTable({
  jobId,
  onMessage,
}: {
  jobId: number;
  onMessage: (ids: number[]) => void;
}): ReactNode {
  const list = useListPage<ApplicationRow, ApplicationFilter>({
    initialFilter: { jobId },
    queryKey: recruitKeys.applications,
    fetchPage: fetchApplications,
    rowKey: 'applicationId',
    invalidate: [recruitKeys.all],
  });
  const move = useMoveApplications(jobId, list.clearSelection);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = list.selectedRows.map((r) => r.applicationId);
  const bulkMove = (to: RecruitStage) => {
    const why = bulkMoveProblem(
      list.selectedRows.map((r) => r.stage),
      to,
    );
    setProblem(why);
    if (!why) move(ids, to);
  };
  return (
    <>
      <div className="kp-recruit-bar">
        <StageFilter onChange={(stage) => list.updateFilter({ stage })} />
        <BulkMoveButton count={ids.length} onMove={bulkMove} />
        <Button disabled={ids.length === 0} onClick={() => onMessage(ids)}>
          发送消息
        </Button>
        {problem ? (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        ) : null}
      </div>
      {list.query.isError ? (
        <PageError onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<ApplicationRow> {...list.tableProps} columns={applicationColumns(true)} scrollX={1100} />
      )}
    </>
  );
}

/** /manage/recruitment/job/detail?jobId=: the job's pipeline as a board or a table, moves and messages. */
export default function JobDetailPage(): ReactNode {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const jobId = Number(params.get('jobId')) || 0;
  const [view, setView] = useState<'board' | 'table'>('board');
  const [messaging, setMessaging] = useState<number[] | null>(null);
  const [sharing, setSharing] = useState(false);
  const board = useQuery({
    queryKey: recruitKeys.board(jobId),
    queryFn: () => fetchBoard(jobId),
    enabled: jobId > 0,
  });
  const move = useMoveApplications(jobId);

  if (board.isPending) return <PageLoading />;
  if (board.isError)
    return <PageError description="职位不存在或加载失败。" onRetry={() => void board.refetch()} />;
  const { job } = board.data;
  return (
    <div className="kp-page">
      <div className="kp-recruit-bar">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {job.name}
        </Typography.Title>
        <Tag color={job.status === 'published' ? 'green' : 'default'}>{JOB_STATUS_LABELS[job.status]}</Tag>
        {job.hasPaper ? null : <Tag color="orange">未设置笔试试卷</Tag>}
        <span className="kp-recruit-bar__grow" />
        <Space wrap>
          <Segmented
            aria-label="视图"
            value={view}
            onChange={(v) => setView(v as 'board' | 'table')}
            options={[
              { value: 'board', label: '看板' },
              { value: 'table', label: '表格' },
            ]}
          />
          <Button onClick={() => void navigate(recruitPaths.jobEdit(jobId))}>编辑职位</Button>
          <Button disabled={job.status !== 'published'} onClick={() => setSharing(true)}>
            分享
          </Button>
        </Space>
      </div>
      {view === 'board' ? (
        <PipelineBoard board={board.data} onMove={move} />
      ) : (
        <ApplicationsTable jobId={jobId} onMessage={setMessaging} />
      )}
      <MessageModal applicationIds={messaging} onClose={() => setMessaging(null)} />
      <JobShareModal job={sharing ? job : null} onClose={() => setSharing(false)} />
    </div>
  );
}
