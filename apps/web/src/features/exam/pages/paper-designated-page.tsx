import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Input, Space, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@kaopei/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { designatePaper, examKeys, searchExaminees, type ExamRow, type ExamineeRow } from '../api';
import { ExamFrame } from '../components/exam-frame';
import { PaperSelect } from '../components/paper-select';

function Designate({ exam }: { exam: ExamRow }): ReactNode {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<number[]>([]);
  const [paperId, setPaperId] = useState<number | undefined>(exam.papers[0]?.paperId);
  const list = useQuery({
    queryKey: examKeys.examinees(exam.examId, { keyword }, paging.page, paging.size),
    queryFn: () => searchExaminees(exam.examId, { keyword }, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
  });
  const designate = useMutation({
    mutationFn: (paper: number | null) => designatePaper(exam.examId, selected, paper),
    onSuccess: (result, paper) => {
      message.success(
        paper === null ? `已为 ${result.count} 名考生取消指定` : `已为 ${result.count} 名考生指定试卷`,
      );
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: examKeys.all });
    },
  });

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
          onSearch={(value) => {
            setKeyword(value.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
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
      </div>
      {list.isError ? (
        <PageError description="考生加载失败，请稍后重试。" onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<ExamineeRow>
          rowKey="userId"
          columns={columns}
          dataSource={list.data?.data ?? []}
          total={list.data?.total ?? 0}
          loading={list.isFetching}
          pagination={paging}
          onPageChange={(page, size) => setPaging({ page, size })}
          selectable
          selectedRowKeys={selected}
          onSelectionChange={(keys) => setSelected(keys.map(Number))}
          autoHeight={false}
        />
      )}
    </Card>
  );
}

/** /manage/exam/paperDesignated?examId=: choose candidates and the paper they are to sit. */
export default function PaperDesignatedPage(): ReactNode {
  return (
    <ExamFrame path="/manage/exam/paperDesignated" title="指定试卷">
      {(exam) => <Designate exam={exam} />}
    </ExamFrame>
  );
}
