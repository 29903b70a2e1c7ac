import type { ReactNode } from 'react';
import { Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatScore } from '@kaopei/shared';
import { LinkButton } from '../../../app/link-button';
import { PageError, PageLoading } from '../../../app/page-states';
import { examKeys, searchExaminees, type ExamRow, type ExamineeRow } from '../api';
import { examineeStateColor, paperOfExaminee } from '../exam-rules';
import { ExamFrame } from '../components/exam-frame';

/** At most this many candidates are listed here; the candidate page pages through the rest. */
const LISTED = 1000;

/** 考试使用的试卷: each paper with how many candidates sat it (`counts`, null while unknown). */
function ExamPaperCard({ exam, counts }: { exam: ExamRow; counts: Map<number, number> | null }): ReactNode {
  return (
    <Card size="small" title="考试使用的试卷">
      <Table
        rowKey="paperId"
        size="small"
        pagination={false}
        dataSource={exam.papers}
        locale={{ emptyText: '这场考试还没有选择试卷' }}
        columns={[
          { title: '试卷', dataIndex: 'name' },
          { title: '题数', dataIndex: 'questionCount', width: 80 },
          { title: '总分', dataIndex: 'totalScore', width: 90, render: (v: number) => formatScore(v) },
          {
            title: '作答人数',
            key: 'sat',
            width: 100,
            render: (_v, paper) => (counts ? (counts.get(paper.paperId) ?? 0) : '-'),
          },
          {
            title: '操作',
            key: 'actions',
            width: 160,
            render: (_v, paper) => (
              <>
                <LinkButton type="link" size="small" to={`/manage/paper/detail?paperId=${paper.paperId}`}>
                  详情
                </LinkButton>
                <LinkButton type="link" size="small" to={`/manage/paper/preview?paperId=${paper.paperId}`}>
                  预览
                </LinkButton>
              </>
            ),
          },
        ]}
      />
      {exam.papers.length > 1 ? (
        <Typography.Text type="secondary">
          多套试卷按考生开考顺序轮流发放；指定了试卷的考生使用指定的试卷。
        </Typography.Text>
      ) : null}
    </Card>
  );
}

/** The columns of 考生的试卷: who, their state, the paper they sat (or were given) and its report. */
function examineePaperColumns(exam: ExamRow): TableColumnsType<ExamineeRow> {
  return [
    { title: '姓名', dataIndex: 'realName', width: 110 },
    {
      title: '部门',
      dataIndex: 'departmentName',
      width: 140,
      render: (v: string | null) => v ?? '-',
    },
    {
      title: '状态',
      dataIndex: 'stateLabel',
      width: 90,
      render: (label: string, row) => <Tag color={examineeStateColor(row.state)}>{label}</Tag>,
    },
    {
      title: '试卷',
      key: 'paper',
      render: (_v, row) => {
        const paper = paperOfExaminee(row, exam.papers);
        return paper.sat ? (
          paper.name
        ) : (
          <Typography.Text type="secondary">
            {paper.paperId === null ? '未开考' : `未开考（指定：${paper.name}）`}
          </Typography.Text>
        );
      },
    },
    {
      title: '个人试卷',
      key: 'report',
      width: 110,
      render: (_v, row) =>
        row.latestAttemptId !== null && (row.state === 'submitted' || row.state === 'graded') ? (
          <LinkButton
            type="link"
            size="small"
            to={`/manage/exam/IndividualPapers?examId=${exam.examId}&attemptId=${row.latestAttemptId}`}
          >
            查看
          </LinkButton>
        ) : (
          '-'
        ),
    },
  ];
}

function Papers({ exam }: { exam: ExamRow }): ReactNode {
  const examinees = useQuery({
    queryKey: examKeys.examinees(exam.examId, {}, 1, LISTED),
    queryFn: () => searchExaminees(exam.examId, {}, 0, LISTED),
  });
  const rows = examinees.data?.data ?? [];
  const counts = new Map<number, number>();
  for (const row of rows) {
    const paper = paperOfExaminee(row, exam.papers);
    if (paper.sat && paper.paperId !== null) counts.set(paper.paperId, (counts.get(paper.paperId) ?? 0) + 1);
  }
  return (
    <>
      <ExamPaperCard exam={exam} counts={examinees.isSuccess ? counts : null} />
      <Card size="small" title="考生的试卷">
        {examinees.isPending ? (
          <PageLoading />
        ) : examinees.isError ? (
          <PageError description="考生加载失败，请稍后重试。" onRetry={() => void examinees.refetch()} />
        ) : (
          <Table<ExamineeRow>
            rowKey="userId"
            size="small"
            dataSource={rows}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            locale={{ emptyText: '还没有考生' }}
            columns={examineePaperColumns(exam)}
          />
        )}
      </Card>
    </>
  );
}

/** /manage/exam/created/paper?examId=: the papers the exam uses, and which paper each candidate sat. */
export default function ExamPapersPage(): ReactNode {
  return <ExamFrame path="/manage/exam/created/paper">{(exam) => <Papers exam={exam} />}</ExamFrame>;
}
