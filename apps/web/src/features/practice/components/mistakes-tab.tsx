import { useState, type ReactNode } from 'react';
import { Card, Input, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { questionTypeLabel } from '@kaopei/shared';
import { fetchMistakeKnowledge, fetchMistakes, practiceKeys, type MissedKnowledge } from '../api';

const PAGE_SIZE = 10;
export const questionEditLink = (bankId: number) => `/manage/question/list?bankId=${bankId}`;

export function KnowledgeTable({ rows, loading }: { rows: MissedKnowledge[]; loading: boolean }): ReactNode {
  return (
    <Table<MissedKnowledge>
      size="small"
      rowKey="knowledgeId"
      loading={loading}
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: '暂无错题' }}
      columns={[
        { title: '知识点', dataIndex: 'name' },
        { title: '答错次数', dataIndex: 'wrong', width: 100 },
        { title: '涉及人数', dataIndex: 'learners', width: 100 },
      ]}
    />
  );
}

/** 错题分析: the questions and knowledge points the organisation's learners keep missing. */
export function MistakesTab(): ReactNode {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const questions = useQuery({
    queryKey: practiceKeys.mistakes(keyword, page - 1, PAGE_SIZE),
    queryFn: () => fetchMistakes(keyword, page - 1, PAGE_SIZE),
  });
  const knowledge = useQuery({ queryKey: practiceKeys.mistakeKnowledge, queryFn: fetchMistakeKnowledge });
  return (
    <>
      <Card size="small" title="错得最多的试题" className="kp-practice-stats">
        <Input.Search
          allowClear
          placeholder="题干关键词"
          aria-label="题干关键词"
          style={{ maxWidth: 260, marginBottom: 12 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
        <Table
          size="small"
          rowKey="questionId"
          loading={questions.isFetching}
          dataSource={questions.data?.data ?? []}
          locale={{ emptyText: '错题本中还没有试题' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: questions.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            {
              title: '题干',
              dataIndex: 'stemText',
              render: (_v, row) => (
                <Typography.Text ellipsis={{ tooltip: row.stemText }}>{row.stemText}</Typography.Text>
              ),
            },
            { title: '题型', dataIndex: 'type', width: 80, render: (_v, row) => questionTypeLabel(row.type) },
            { title: '错误次数', dataIndex: 'mistakes', width: 90 },
            {
              title: '在错题本中',
              dataIndex: 'learners',
              width: 100,
              render: (_v, row) => `${row.learners} 人`,
            },
            { title: '已掌握', dataIndex: 'mastered', width: 80, render: (_v, row) => `${row.mastered} 人` },
            {
              title: '操作',
              key: 'edit',
              width: 90,
              render: (_v, row) => (
                <Link to={questionEditLink(row.bankId)} aria-label={`去题库编辑试题 ${row.questionId}`}>
                  编辑试题
                </Link>
              ),
            },
          ]}
        />
      </Card>
      <Card size="small" title="错得最多的知识点">
        <KnowledgeTable rows={knowledge.data ?? []} loading={knowledge.isFetching} />
      </Card>
    </>
  );
}
