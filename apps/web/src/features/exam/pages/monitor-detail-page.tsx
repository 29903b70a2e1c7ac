import { useState, type ReactNode } from 'react';
import { Card, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@kaopei/shared';
import { PageEmpty } from '../../../app/page-states';
import { examIdParam } from '../exam-rules';
import { fetchMonitorExams, monitorKeys, type MonitorFilter } from '../monitor-api';
import { useMonitorActions } from '../components/monitor-actions';
import { MonitorAttemptDrawer } from '../components/monitor-attempt-drawer';
import { useMonitorQueries, useMonitorStream, type MonitorPaging } from './monitor-board-data';
import { MonitorBoardHeader, MonitorCandidateTable, MonitorFilters } from './monitor-board-parts';
import '../exam.css';

/** Picks an exam from the monitor list when the page is opened without one. */
function MonitorExamChooser(): ReactNode {
  const navigate = useNavigate();
  const exams = useQuery({
    queryKey: monitorKeys.exams('', 0, 100),
    queryFn: () => fetchMonitorExams('', 0, 100),
  });
  return (
    <Card size="small">
      <PageEmpty description="请先选择一场要监控的考试">
        <Select
          placeholder="选择考试"
          aria-label="选择考试"
          style={{ width: 360, maxWidth: '100%' }}
          loading={exams.isPending}
          options={(exams.data?.data ?? []).map((exam) => ({ value: exam.id, label: exam.name }))}
          onChange={(examId: number) => void navigate(`/manage/exam/monitor/detail?examId=${examId}`)}
        />
      </PageEmpty>
    </Card>
  );
}

function MonitorBoard({ examId }: { examId: number }): ReactNode {
  const [filter, setFilter] = useState<MonitorFilter>({});
  const [paging, setPaging] = useState<MonitorPaging>({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [openUserId, setOpenUserId] = useState<number | null>(null);
  const actions = useMonitorActions(examId);
  const { summary, list, pageKey, offset } = useMonitorQueries(examId, filter, paging);

  const rows = list.data?.data ?? [];
  const openRow = rows.find((row) => row.userId === openUserId) ?? null;
  const { status, reconnect } = useMonitorStream(examId, {
    pageKey,
    filter,
    openAttemptId: openRow?.attemptId ?? null,
  });

  return (
    <div className="kp-exam-page">
      <MonitorBoardHeader examId={examId} summary={summary} status={status} onReconnect={reconnect} />
      <Card size="small">
        <MonitorFilters
          onChange={(change) => {
            setFilter((f) => ({ ...f, ...change }));
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <MonitorCandidateTable
          list={list}
          paging={paging}
          onPageChange={(page, size) => setPaging({ page, size })}
          offset={offset}
          actions={actions}
          onOpen={setOpenUserId}
        />
      </Card>
      <MonitorAttemptDrawer
        row={openRow}
        offset={offset}
        actions={actions}
        onClose={() => setOpenUserId(null)}
      />
      {actions.dialogs}
    </div>
  );
}

/** /manage/exam/monitor/detail?examId=: every candidate of one exam, live, with the invigilator's actions. */
export default function MonitorDetailPage(): ReactNode {
  const [searchParams] = useSearchParams();
  const examId = examIdParam(searchParams);
  if (examId === undefined) return <MonitorExamChooser />;
  return <MonitorBoard key={examId} examId={examId} />;
}
