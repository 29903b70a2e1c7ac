import { useState, type ReactNode } from 'react';
import { App, Button, Card, Input, Modal, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatScore } from '@kaopei/shared';
import {
  DataTable,
  useListPage,
  type DataTableColumn,
  type DataTableSlot,
} from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { examKeys, saveComment, searchResults, type ExamRow, type ResultRow } from '../api';
import { ExamFrame } from '../components/exam-frame';
import { PassTag } from '../components/report-view';

const columns: DataTableColumn<ResultRow>[] = [
  { title: '姓名', dataIndex: 'realName', width: 110 },
  { title: '部门', dataIndex: 'departmentName', width: 130, render: (v) => (v ? String(v) : '-') },
  { title: '成绩', dataIndex: 'score', width: 90, render: (v) => formatScore(v as number | null) },
  { title: '是否及格', dataIndex: 'passed', width: 90, slot: 'passed' },
  { title: '评语', dataIndex: 'comment', slot: 'comment' },
  { title: '操作', key: 'actions', width: 100, slot: 'actions', fixed: 'right' },
];

function commentSlots(onEdit: (row: ResultRow) => void): Record<string, DataTableSlot<ResultRow>> {
  return {
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
      <Button type="link" size="small" onClick={() => onEdit(row)}>
        {row.comment ? '修改评语' : '写评语'}
      </Button>
    ),
  };
}

/** The comment of one candidate's exam: write, change or (left empty) delete it. */
function CommentDialog(props: {
  examId: number;
  editing: ResultRow | null;
  text: string;
  onText: (text: string) => void;
  onClose: () => void;
}): ReactNode {
  const { examId, editing, text, onText, onClose } = props;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ attemptId, comment }: { attemptId: number; comment: string | null }) =>
      saveComment(attemptId, comment),
    onSuccess: () => {
      message.success('评语已保存');
      onClose();
      void queryClient.invalidateQueries({ queryKey: ['exam', 'results', examId] });
      void queryClient.invalidateQueries({ queryKey: ['exam', 'personal'] });
    },
  });
  const tooLong = text.trim().length > 2000;
  return (
    <Modal
      open={editing !== null}
      title={`「${editing?.realName ?? ''}」的考试评语`}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ loading: save.isPending, disabled: tooLong }}
      onOk={() => editing && save.mutate({ attemptId: editing.attemptId, comment: text.trim() || null })}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input.TextArea
        rows={5}
        value={text}
        onChange={(event) => onText(event.target.value)}
        maxLength={2000}
        showCount
        placeholder="对考生本次考试的评价，会显示在个人报告中；留空则删除评语"
        aria-label="考试评语"
        status={tooLong ? 'error' : undefined}
      />
    </Modal>
  );
}

function Comments({ exam }: { exam: ExamRow }): ReactNode {
  const [editing, setEditing] = useState<ResultRow | null>(null);
  const [text, setText] = useState('');
  const list = useListPage({
    initialFilter: { keyword: '' },
    // The key counts pages from 1, as the result page does.
    queryKey: ({ keyword }, page, size) => examKeys.results(exam.examId, keyword, page + 1, size),
    fetchPage: ({ keyword }, page, size) => searchResults(exam.examId, keyword, page, size),
    rowKey: 'attemptId',
    invalidate: [['exam', 'results', exam.examId]],
  });
  return (
    <Card size="small">
      <div className="kp-exam-filters" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="搜索姓名或账号"
          aria-label="搜索考生"
          maxLength={50}
          style={{ width: 240 }}
          onSearch={(value) => list.updateFilter({ keyword: value.trim() })}
        />
      </div>
      {list.query.isError ? (
        <PageError description="考生加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<ResultRow>
          {...list.tableProps}
          selectable={false}
          columns={columns}
          slots={commentSlots((row) => {
            setText(row.comment ?? '');
            setEditing(row);
          })}
        />
      )}
      <CommentDialog
        examId={exam.examId}
        editing={editing}
        text={text}
        onText={setText}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}

/** /manage/exam/comment?examId=: a comment on each candidate's exam, shown in their report. */
export default function CommentPage(): ReactNode {
  return <ExamFrame path="/manage/exam/comment">{(exam) => <Comments exam={exam} />}</ExamFrame>;
}
