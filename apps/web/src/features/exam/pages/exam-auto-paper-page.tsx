import { useState, type ReactNode } from 'react';
import { Card, Input } from 'antd';
import { useSearchParams } from 'react-router';
import type { AutoPaperRow } from '@kaopei/shared/contracts/exam-auto';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { formatDateTime, formatWindow } from '../../../lib/time-format';
import { fetchAutoPapers } from '../auto-api';

type Filter = { ruleId?: number | undefined; keyword?: string | undefined };

const COLUMNS: DataTableColumn<AutoPaperRow>[] = [
  { title: '试卷名称', dataIndex: 'paperName' },
  { title: '题数', dataIndex: 'questionCount', width: 70 },
  { title: '总分', dataIndex: 'totalScore', width: 70 },
  { title: '自动考试规则', dataIndex: 'ruleName', render: (_v, row) => row.ruleName ?? '（规则已删除）' },
  { title: '考试', dataIndex: 'examName' },
  {
    title: '考试时间',
    key: 'window',
    width: 230,
    render: (_v, row) => formatWindow(row.examStartAt, row.examEndAt),
  },
  {
    title: '生成时间',
    dataIndex: 'createdAt',
    width: 150,
    render: (_v, row) => formatDateTime(row.createdAt),
  },
];

/** /manage/exam/auto/paper[?ruleId=]: the papers automatic-exam rules generated, with their rule and exam. */
export default function ExamAutoPaperPage(): ReactNode {
  const [params] = useSearchParams();
  const ruleId = Number(params.get('ruleId')) || undefined;
  const [keyword, setKeyword] = useState('');
  const list = useListPage<AutoPaperRow, Filter>({
    initialFilter: { ruleId },
    queryKey: (filter, page, size) => ['exam-auto', 'papers', filter, page, size],
    fetchPage: (filter, page, size) => fetchAutoPapers(filter, page, size),
    rowKey: 'paperId',
    invalidate: [['exam-auto', 'papers']],
  });
  return (
    <div className="kp-page">
      <Card size="small">
        <Input.Search
          allowClear
          placeholder="试卷或考试名称"
          aria-label="试卷或考试名称"
          style={{ width: 220, marginBottom: 12 }}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(value) => list.updateFilter({ keyword: value.trim() || undefined })}
        />
        {list.query.isError ? (
          <PageError description="试卷加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
        ) : (
          <DataTable<AutoPaperRow> {...list.tableProps} selectable={false} columns={COLUMNS} scrollX={1000} />
        )}
      </Card>
    </div>
  );
}
