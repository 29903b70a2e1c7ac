import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Select, Table, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { FilterButtons } from '../../../components/filter-buttons';
import { PageError } from '../../../app/page-states';
import { fetchBankOptions } from '../../question/api';
import { analysisKeys, exportQuestionsAcross, fetchQuestionsAcross, type QuestionAcrossRow } from '../api';
import { coef, TIPS } from '../../../components/analysis/analysis-rules';
import { Explained } from '../../../components/explained';
import { analysisPaths } from './use-exam-analysis';

interface Filter {
  keyword?: string;
  bankId?: number;
}

type ExamUse = QuestionAcrossRow['exams'][number];

const columns: TableColumnsType<QuestionAcrossRow> = [
  {
    title: '题干',
    dataIndex: 'stem',
    width: 280,
    render: (_v, row) => <Typography.Text ellipsis={{ tooltip: row.stem }}>{row.stem}</Typography.Text>,
  },
  { title: '题型', dataIndex: 'typeLabel', width: 90 },
  { title: '题库', dataIndex: 'bankName', width: 140 },
  { title: <Explained label="使用次数" tip={TIPS.usage} />, dataIndex: 'usage', width: 110 },
  {
    title: <Explained label="作答人数" tip="作答人数：各场考试中拿到该题的考生数之和" />,
    dataIndex: 'n',
    width: 110,
  },
  {
    title: <Explained label="难度 P" tip={`${TIPS.p}；多场考试按人数加权平均`} />,
    dataIndex: 'p',
    width: 100,
    render: (_v, row) => coef(row.p),
  },
  {
    title: <Explained label="区分度 D" tip={`${TIPS.discrimination}；多场考试按人数加权平均`} />,
    dataIndex: 'discrimination',
    width: 110,
    render: (_v, row) => coef(row.discrimination),
  },
  {
    title: '操作',
    key: 'edit',
    width: 100,
    render: (_v, row) => (
      <Link
        to={analysisPaths.editQuestion(row.bankId, row.questionId)}
        aria-label={`编辑试题「${row.stem}」`}
      >
        编辑试题
      </Link>
    ),
  },
];

function ExamUses({ uses }: { uses: ExamUse[] }): ReactNode {
  return (
    <Table<ExamUse>
      rowKey="examId"
      size="small"
      pagination={false}
      dataSource={uses}
      aria-label="各场考试中的表现"
      columns={[
        {
          title: '考试',
          dataIndex: 'name',
          render: (name: string, use) => <Link to={analysisPaths.questions(use.examId)}>{name}</Link>,
        },
        { title: '人数', dataIndex: 'n', width: 80 },
        { title: '难度 P', dataIndex: 'p', width: 90, render: coef },
        { title: '区分度 D', dataIndex: 'discrimination', width: 100, render: coef },
      ]}
    />
  );
}

/**
 * 试题分析's "across exams" tab (issue 19): each question used by exams with its difficulty,
 * discrimination and usage over every exam that used it, filtered by bank. Self-contained, so the
 * analysis/question page can place it beside other tabs.
 */
export function QuestionAcrossExams(): ReactNode {
  const [form] = Form.useForm<Filter>();
  const [filter, setFilter] = useState<Filter>({});
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const banks = useQuery({ queryKey: ['exam-analysis', 'banks'], queryFn: () => fetchBankOptions() });
  const list = useQuery({
    queryKey: analysisKeys.questions(filter, paging.page - 1, paging.size),
    queryFn: () => fetchQuestionsAcross(filter, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
  });
  const search = (next: Filter) => {
    setFilter(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  return (
    <div data-testid="question-across-exams">
      <Form<Filter>
        form={form}
        layout="inline"
        aria-label="试题筛选"
        style={{ marginBottom: 12 }}
        onFinish={(values) => search({ keyword: values.keyword?.trim() || undefined, bankId: values.bankId })}
      >
        <Form.Item name="bankId" label="题库">
          <Select
            allowClear
            placeholder="全部题库"
            style={{ width: 180 }}
            loading={banks.isPending}
            options={(banks.data ?? []).map((bank) => ({ value: bank.bankId, label: bank.name }))}
          />
        </Form.Item>
        <Form.Item name="keyword" label="题干">
          <Input allowClear placeholder="关键字" style={{ width: 160 }} />
        </Form.Item>
        <FilterButtons icon={<SearchOutlined />} onReset={() => search({})} />
        <Form.Item>
          <Button onClick={() => void exportQuestionsAcross(filter)}>导出 Excel</Button>
        </Form.Item>
      </Form>
      {list.isError ? (
        <PageError description="试题分析加载失败，请稍后重试。" onRetry={() => void list.refetch()} />
      ) : (
        <Table<QuestionAcrossRow>
          rowKey="questionId"
          size="small"
          aria-label="试题在各场考试中的表现"
          loading={list.isFetching}
          dataSource={list.data?.data ?? []}
          columns={columns}
          scroll={{ x: 1000 }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            onChange: (page, size) => setPaging({ page, size }),
          }}
          expandable={{ expandedRowRender: (row) => <ExamUses uses={row.exams} /> }}
        />
      )}
    </div>
  );
}
