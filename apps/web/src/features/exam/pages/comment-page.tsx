import { useState, type ReactNode } from 'react';
import { App, Button, Card, Input, Modal, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, formatScore } from '@kaopei/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { examKeys, saveComment, searchResults, type ExamRow, type ResultRow } from '../api';
import { ExamFrame } from '../components/exam-frame';
import { PassTag } from '../components/report-view';

function Comments({ exam }: { exam: ExamRow }): ReactNode {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [editing, setEditing] = useState<ResultRow | null>(null);
  const [text, setText] = useState('');
  const results = useQuery({
    queryKey: examKeys.results(exam.examId, keyword, paging.page, paging.size),
    queryFn: () => searchResults(exam.examId, keyword, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
  });
  const save = useMutation({
    mutationFn: ({ attemptId, comment }: { attemptId: number; comment: string | null }) =>
      saveComment(attemptId, comment),
    onSuccess: () => {
      message.success('评语已保存');
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ['exam', 'results', exam.examId] });
      void queryClient.invalidateQueries({ queryKey: ['exam', 'personal'] });
    },
  });
  const columns: DataTableColumn<ResultRow>[] = [
    { title: '姓名', dataIndex: 'realName', width: 110 },
    { title: '部门', dataIndex: 'departmentName', width: 130, render: (v) => (v ? String(v) : '-') },
    { title: '成绩', dataIndex: 'score', width: 90, render: (v) => formatScore(v as number | null) },
    { title: '是否及格', dataIndex: 'passed', width: 90, slot: 'passed' },
    { title: '评语', dataIndex: 'comment', slot: 'comment' },
    { title: '操作', key: 'actions', width: 100, slot: 'actions', fixed: 'right' },
  ];
  const tooLong = text.trim().length > 2000;
  return (
    <Card size="small">
      <div className="kp-exam-filters" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="搜索姓名或账号"
          aria-label="搜索考生"
          maxLength={50}
          style={{ width: 240 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      </div>
      {results.isError ? (
        <PageError description="考生加载失败，请稍后重试。" onRetry={() => void results.refetch()} />
      ) : (
        <DataTable<ResultRow>
          rowKey="attemptId"
          columns={columns}
          dataSource={results.data?.data ?? []}
          total={results.data?.total ?? 0}
          loading={results.isFetching}
          pagination={paging}
          onPageChange={(page, size) => setPaging({ page, size })}
          autoHeight={false}
          slots={{
            passed: (row) => <PassTag passed={row.passed} />,
            comment: (row) =>
              row.comment ? (
                <Typography.Paragraph ellipsis={{ rows: 2, tooltip: row.comment }} style={{ margin: 0 }}>
                  {row.comment}
                </Typography.Paragraph>
              ) : (
                <Typography.Text type="secondary">暂无评语</Typography.Text>
              ),
            actions: (row) => (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  setText(row.comment ?? '');
                  setEditing(row);
                }}
              >
                {row.comment ? '修改评语' : '写评语'}
              </Button>
            ),
          }}
        />
      )}
      <Modal
        open={editing !== null}
        title={`「${editing?.realName ?? ''}」的考试评语`}
        okText="保存"
        cancelText="取消"
        okButtonProps={{ loading: save.isPending, disabled: tooLong }}
        onOk={() => editing && save.mutate({ attemptId: editing.attemptId, comment: text.trim() || null })}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Input.TextArea
          rows={5}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={2000}
          showCount
          placeholder="对考生本次考试的评价，会显示在个人报告中；留空则删除评语"
          aria-label="考试评语"
          status={tooLong ? 'error' : undefined}
        />
      </Modal>
    </Card>
  );
}

/** /manage/exam/comment?examId=: a comment on each candidate's exam, shown in their report. */
export default function CommentPage(): ReactNode {
  return (
    <ExamFrame path="/manage/exam/comment" title="考试评语">
      {(exam) => <Comments exam={exam} />}
    </ExamFrame>
  );
}
