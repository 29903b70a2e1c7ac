import { useState } from 'react';
import { Drawer, Table, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { formatScore, responseDisplay } from '@kaopei/shared';
import { fetchAnswerRecords, fetchExamUsage, fetchPaperUsage, type QuestionRow } from '../api';

const PAGE_SIZE = 10;
const time = (ms: number | null) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '—');

type PaperUsage = Awaited<ReturnType<typeof fetchPaperUsage>>;
type ExamUsage = Awaited<ReturnType<typeof fetchExamUsage>>;
type AnswerRecords = Awaited<ReturnType<typeof fetchAnswerRecords>>;

function PaperUsageTable({ rows, loading }: { rows: PaperUsage | undefined; loading: boolean }) {
  return (
    <Table
      rowKey="paperId"
      size="small"
      loading={loading}
      dataSource={rows ?? []}
      pagination={false}
      locale={{ emptyText: '没有试卷使用这道题' }}
      columns={[
        { title: '试卷', dataIndex: 'name' },
        { title: '大题', dataIndex: 'sectionName' },
        { title: '分值', dataIndex: 'points', render: (v: number) => formatScore(v) },
        { title: '状态', dataIndex: 'statusLabel' },
      ]}
    />
  );
}

function ExamUsageTable({ rows, loading }: { rows: ExamUsage | undefined; loading: boolean }) {
  return (
    <Table
      rowKey="examId"
      size="small"
      loading={loading}
      dataSource={rows ?? []}
      pagination={false}
      locale={{ emptyText: '没有考试使用这道题' }}
      columns={[
        { title: '考试', dataIndex: 'name' },
        { title: '状态', dataIndex: 'stateLabel', render: (v: string) => <Tag>{v}</Tag> },
        { title: '开始时间', dataIndex: 'startAt', render: time },
        { title: '作答人数', dataIndex: 'answered' },
        {
          title: '平均得分率',
          dataIndex: 'averageRatio',
          render: (v: number | null) => (v === null ? '—' : `${v}%`),
        },
      ]}
    />
  );
}

function AnswerRecordTable(props: {
  records: AnswerRecords | undefined;
  loading: boolean;
  questionType: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const { records, loading, questionType, page, onPage } = props;
  return (
    <Table
      rowKey={(row) => `${row.attemptId}`}
      size="small"
      loading={loading}
      dataSource={records?.data ?? []}
      locale={{ emptyText: '还没有考生作答' }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: records?.total ?? 0,
        onChange: onPage,
        showTotal: (total) => `共 ${total} 条`,
      }}
      columns={[
        { title: '考生', dataIndex: 'realName' },
        { title: '考试', dataIndex: 'examName' },
        {
          title: '作答',
          dataIndex: 'answer',
          render: (answer: unknown) => responseDisplay({ type: questionType }, answer),
        },
        {
          title: '得分',
          dataIndex: 'score',
          render: (score: number | null, row) =>
            score === null ? '待阅卷' : `${formatScore(score)} / ${formatScore(row.points)}`,
        },
        { title: '交卷时间', dataIndex: 'submittedAt', render: time },
      ]}
    />
  );
}

/** The drawer's three queries: papers and exams using the question, and one page of its answers. */
function useQuestionUsage(question: QuestionRow | null, page: number) {
  const questionId = question?.id ?? 0;
  const enabled = question !== null;
  const papers = useQuery({
    queryKey: ['questions', 'usage', 'papers', questionId],
    queryFn: () => fetchPaperUsage(questionId),
    enabled,
  });
  const exams = useQuery({
    queryKey: ['questions', 'usage', 'exams', questionId],
    queryFn: () => fetchExamUsage(questionId),
    enabled,
  });
  const records = useQuery({
    queryKey: ['questions', 'usage', 'records', questionId, page],
    queryFn: () => fetchAnswerRecords(questionId, page - 1, PAGE_SIZE),
    enabled,
  });
  return { papers, exams, records };
}

/** Where a question is used: the papers holding it, the exams that used it, and every answer given to it. */
export function QuestionUsageDrawer({
  question,
  onClose,
}: {
  question: QuestionRow | null;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const { papers, exams, records } = useQuestionUsage(question, page);
  return (
    <Drawer
      open={question !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      title={`试题引用：${question?.stemText.slice(0, 30) ?? ''}`}
      size="large"
      destroyOnHidden
    >
      <Tabs
        items={[
          {
            key: 'papers',
            label: `试卷（${papers.data?.length ?? 0}）`,
            children: <PaperUsageTable rows={papers.data} loading={papers.isLoading} />,
          },
          {
            key: 'exams',
            label: `考试（${exams.data?.length ?? 0}）`,
            children: <ExamUsageTable rows={exams.data} loading={exams.isLoading} />,
          },
          {
            key: 'records',
            label: `作答记录（${records.data?.total ?? 0}）`,
            children: (
              <AnswerRecordTable
                records={records.data}
                loading={records.isLoading}
                questionType={question?.type ?? 0}
                page={page}
                onPage={setPage}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
