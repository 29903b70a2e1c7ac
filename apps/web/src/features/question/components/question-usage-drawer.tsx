import { useState } from 'react';
import { Drawer, Table, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { formatScore, responseDisplay } from '@kaopei/shared';
import { fetchAnswerRecords, fetchExamUsage, fetchPaperUsage, type QuestionRow } from '../api';

const PAGE_SIZE = 10;
const time = (ms: number | null) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '—');

/** Where a question is used: the papers holding it, the exams that used it, and every answer given to it. */
export function QuestionUsageDrawer({
  question,
  onClose,
}: {
  question: QuestionRow | null;
  onClose: () => void;
}) {
  const questionId = question?.id ?? 0;
  const [page, setPage] = useState(1);
  const papers = useQuery({
    queryKey: ['questions', 'usage', 'papers', questionId],
    queryFn: () => fetchPaperUsage(questionId),
    enabled: question !== null,
  });
  const exams = useQuery({
    queryKey: ['questions', 'usage', 'exams', questionId],
    queryFn: () => fetchExamUsage(questionId),
    enabled: question !== null,
  });
  const records = useQuery({
    queryKey: ['questions', 'usage', 'records', questionId, page],
    queryFn: () => fetchAnswerRecords(questionId, page - 1, PAGE_SIZE),
    enabled: question !== null,
  });
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
            children: (
              <Table
                rowKey="paperId"
                size="small"
                loading={papers.isLoading}
                dataSource={papers.data ?? []}
                pagination={false}
                locale={{ emptyText: '没有试卷使用这道题' }}
                columns={[
                  { title: '试卷', dataIndex: 'name' },
                  { title: '大题', dataIndex: 'sectionName' },
                  { title: '分值', dataIndex: 'points', render: (v: number) => formatScore(v) },
                  { title: '状态', dataIndex: 'statusLabel' },
                ]}
              />
            ),
          },
          {
            key: 'exams',
            label: `考试（${exams.data?.length ?? 0}）`,
            children: (
              <Table
                rowKey="examId"
                size="small"
                loading={exams.isLoading}
                dataSource={exams.data ?? []}
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
            ),
          },
          {
            key: 'records',
            label: `作答记录（${records.data?.total ?? 0}）`,
            children: (
              <Table
                rowKey={(row) => `${row.attemptId}`}
                size="small"
                loading={records.isLoading}
                dataSource={records.data?.data ?? []}
                locale={{ emptyText: '还没有考生作答' }}
                pagination={{
                  current: page,
                  pageSize: PAGE_SIZE,
                  total: records.data?.total ?? 0,
                  onChange: setPage,
                  showTotal: (total) => `共 ${total} 条`,
                }}
                columns={[
                  { title: '考生', dataIndex: 'realName' },
                  { title: '考试', dataIndex: 'examName' },
                  {
                    title: '作答',
                    dataIndex: 'answer',
                    render: (answer: unknown) => responseDisplay({ type: question?.type ?? 0 }, answer),
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
            ),
          },
        ]}
      />
    </Drawer>
  );
}
