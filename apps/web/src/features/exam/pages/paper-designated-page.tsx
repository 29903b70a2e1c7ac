import { useState, type Key, type ReactNode } from 'react';
import { Alert, App, Button, Card, Input, Space, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { designatePaper, examKeys, searchExaminees, type ExamRow, type ExamineeRow } from '../api';
import { ExamFrame } from '../components/exam-frame';
import { PaperSelect } from '../components/paper-select';

const columns: DataTableColumn<ExamineeRow>[] = [
  { title: '姓名', dataIndex: 'realName', width: 110 },
  { title: '账号', dataIndex: 'account', width: 120 },
  { title: '部门', dataIndex: 'departmentName', width: 140, render: (v) => (v ? String(v) : '-') },
  { title: '状态', dataIndex: 'stateLabel', width: 90 },
  {
    title: '指定试卷',
    dataIndex: 'designatedPaperName',
    width: 200,
    render: (v) => (v ? String(v) : <Typography.Text type="secondary">按考试试卷轮流发放</Typography.Text>),
  },
];

/** The paper to designate, 为选中考生指定 and 取消指定 for the selected candidates. */
function DesignateBar(props: { exam: ExamRow; selected: Key[]; onDone: () => void }): ReactNode {
  const { exam, selected, onDone } = props;
  const { message } = App.useApp();
  const [paperId, setPaperId] = useState<number | undefined>(exam.papers[0]?.paperId);
  const designate = useMutation({
    mutationFn: (paper: number | null) => designatePaper(exam.examId, selected.map(Number), paper),
    onSuccess: (result, paper) => {
      message.success(
        paper === null ? `已为 ${result.count} 名考生取消指定` : `已为 ${result.count} 名考生指定试卷`,
      );
      onDone();
    },
  });
  return (
    <>
      <div style={{ width: 320 }}>
        <PaperSelect
          value={paperId ?? null}
          onChange={(value) => setPaperId(typeof value === 'number' ? value : undefined)}
          known={exam.papers}
          aria-label="要指定的试卷"
          placeholder="选择要指定的试卷"
        />
      </div>
      <Space>
        <Button
          type="primary"
          disabled={selected.length === 0 || paperId === undefined}
          loading={designate.isPending && designate.variables !== null}
          onClick={() => paperId !== undefined && designate.mutate(paperId)}
        >
          为选中考生指定（{selected.length}）
        </Button>
        <Button
          disabled={selected.length === 0}
          loading={designate.isPending && designate.variables === null}
          onClick={() => designate.mutate(null)}
        >
          取消指定
        </Button>
      </Space>
    </>
  );
}

function Designate({ exam }: { exam: ExamRow }): ReactNode {
  const list = useListPage({
    initialFilter: { keyword: '' },
    // The key counts pages from 1, as the other pages that list candidates do.
    queryKey: (filter, page, size) => examKeys.examinees(exam.examId, filter, page + 1, size),
    fetchPage: (filter, page, size) => searchExaminees(exam.examId, filter, page, size),
    rowKey: 'userId',
    invalidate: [examKeys.all],
  });

  return (
    <Card size="small">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="指定的试卷用于考生此后开始的作答；已开始的作答不受影响。"
      />
      <div className="kp-exam-filters" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="搜索姓名、账号或工号"
          aria-label="搜索考生"
          maxLength={50}
          style={{ width: 220 }}
          onSearch={(value) => list.updateFilter({ keyword: value.trim() })}
        />
        <DesignateBar
          exam={exam}
          selected={list.selectedKeys}
          onDone={() => {
            list.clearSelection();
            void list.refresh();
          }}
        />
      </div>
      {list.query.isError ? (
        <PageError description="考生加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<ExamineeRow> {...list.tableProps} columns={columns} />
      )}
    </Card>
  );
}

/** /manage/exam/paperDesignated?examId=: choose candidates and the paper they are to sit. */
export default function PaperDesignatedPage(): ReactNode {
  return <ExamFrame path="/manage/exam/paperDesignated">{(exam) => <Designate exam={exam} />}</ExamFrame>;
}
