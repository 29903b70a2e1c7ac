import { useState, type ReactNode } from 'react';
import { Drawer, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { PageError } from '../../../app/page-states';
import type { ExamRow } from '../api';
import { autoKeys, fetchRuleExams, type AutoRuleRow } from '../auto-api';
import { examStateColor } from '../exam-rules';

const PAGE_SIZE = 10;
const time = (ms: number | null) => (ms === null ? '-' : dayjs(ms).format('YYYY-MM-DD HH:mm'));

/** The exams a rule has created, newest first, each linking to its overview. */
export function AutoRuleExams({
  rule,
  onClose,
}: {
  rule: AutoRuleRow | null;
  onClose: () => void;
}): ReactNode {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const ruleId = rule?.ruleId ?? 0;
  const exams = useQuery({
    queryKey: autoKeys.exams(ruleId, page),
    queryFn: () => fetchRuleExams(ruleId, page - 1, PAGE_SIZE),
    enabled: rule !== null,
    placeholderData: keepPreviousData,
  });
  return (
    <Drawer
      open={rule !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      title={rule ? `「${rule.name}」生成的考试` : ''}
      size="large"
      destroyOnHidden
    >
      {exams.isError ? (
        <PageError description="考试加载失败，请稍后重试。" onRetry={() => void exams.refetch()} />
      ) : (
        <Table<ExamRow>
          size="small"
          rowKey="examId"
          data-testid="auto-rule-exams"
          loading={exams.isFetching}
          dataSource={exams.data?.data ?? []}
          locale={{ emptyText: '还没有生成考试' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: exams.data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          columns={[
            {
              title: '考试名称',
              dataIndex: 'name',
              render: (name: string, row) => (
                <Typography.Link
                  onClick={() => void navigate(`/manage/exam/newExamDetail?examId=${row.examId}`)}
                >
                  {name}
                </Typography.Link>
              ),
            },
            {
              title: '状态',
              dataIndex: 'stateLabel',
              width: 90,
              render: (label: string, row) => <Tag color={examStateColor(row.state)}>{label}</Tag>,
            },
            { title: '开始时间', dataIndex: 'startAt', width: 150, render: time },
            { title: '结束时间', dataIndex: 'endAt', width: 150, render: time },
            {
              title: '考生 / 已交卷',
              key: 'counts',
              width: 110,
              render: (_v, row) => `${row.candidateCount} / ${row.submittedCount}`,
            },
          ]}
        />
      )}
    </Drawer>
  );
}
