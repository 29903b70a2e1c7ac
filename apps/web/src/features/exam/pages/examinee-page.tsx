import { useState, type ReactNode } from 'react';
import { App, Button, Card, Input, Modal, Select, Space, Tag } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE, formatScore } from '@kaopei/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { StaffMultiPicker } from '../../../components/staff-picker';
import {
  addExaminees,
  examKeys,
  grantAttempt,
  removeExaminees,
  searchExaminees,
  type ExamRow,
  type ExamineeFilter,
  type ExamineeRow,
  type ExamineeState,
} from '../api';
import { EXAMINEE_STATE_OPTIONS, examineeStateColor } from '../exam-rules';
import { ExamFrame } from '../components/exam-frame';
import { useCandidateTimeActions } from '../components/monitor-actions';

const time = (ms: number | null) => (ms === null ? '-' : dayjs(ms).format('MM-DD HH:mm'));

function ExamineeTable({ exam }: { exam: ExamRow }): ReactNode {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<ExamineeFilter>({});
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const [newUserIds, setNewUserIds] = useState<number[]>([]);
  const examId = exam.examId;

  const list = useQuery({
    queryKey: examKeys.examinees(examId, filter, paging.page, paging.size),
    queryFn: () => searchExaminees(examId, filter, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: examKeys.all });

  const add = useMutation({
    mutationFn: (userIds: number[]) => addExaminees(examId, userIds),
    onSuccess: (result, userIds) => {
      const skipped = userIds.length - result.count;
      message.success(`已添加 ${result.count} 名考生${skipped > 0 ? `（${skipped} 人已在名单中）` : ''}`);
      setAdding(false);
      setNewUserIds([]);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (userIds: number[]) => removeExaminees(examId, userIds),
    onSuccess: (result, userIds) => {
      message.success(`已移除 ${result.count} 名考生`);
      setSelected((keys) => keys.filter((key) => !userIds.includes(key)));
      refresh();
    },
  });
  const timeActions = useCandidateTimeActions<ExamineeRow & { name: string }>(examId, refresh);
  const candidate = (row: ExamineeRow) => ({ ...row, name: row.realName });
  const grant = useMutation({
    mutationFn: (userId: number) => grantAttempt(examId, userId),
    onSuccess: () => {
      message.success('已允许再考一次');
      refresh();
    },
  });

  const confirmRemove = (rows: ExamineeRow[]) =>
    modal.confirm({
      title:
        rows.length === 1 ? `移除考生「${rows[0]?.realName ?? ''}」？` : `移除选中的 ${rows.length} 名考生？`,
      content: '已开始作答的考生不能移除。',
      okText: '移除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => remove.mutateAsync(rows.map((row) => row.userId)).catch(() => undefined),
    });
  const confirmGrant = (row: ExamineeRow) =>
    modal.confirm({
      title: `允许「${row.realName}」再考一次？`,
      content: `已考 ${row.attemptsUsed} 次；考试允许 ${exam.attemptsAllowed} 次，已额外允许 ${row.extraAttempts} 次。`,
      okText: '允许',
      cancelText: '取消',
      onOk: () => grant.mutateAsync(row.userId).catch(() => undefined),
    });

  const columns: DataTableColumn<ExamineeRow>[] = [
    { title: '姓名', dataIndex: 'realName', width: 100 },
    { title: '账号', dataIndex: 'account', width: 110 },
    { title: '工号', dataIndex: 'jobNumber', width: 90, render: (v) => (v ? String(v) : '-') },
    { title: '部门', dataIndex: 'departmentName', width: 120, render: (v) => (v ? String(v) : '-') },
    { title: '状态', dataIndex: 'state', width: 90, slot: 'state' },
    {
      title: '已考 / 可考',
      key: 'attempts',
      width: 100,
      render: (_v, row) => `${row.attemptsUsed} / ${exam.attemptsAllowed + row.extraAttempts}`,
    },
    {
      title: '延长',
      dataIndex: 'extraMinutes',
      width: 80,
      render: (v) => (Number(v) > 0 ? `${String(v)} 分钟` : '-'),
    },
    {
      title: '指定试卷',
      dataIndex: 'designatedPaperName',
      width: 130,
      render: (v) => (v ? String(v) : '-'),
    },
    { title: '开始', dataIndex: 'startedAt', width: 110, render: (v) => time(v as number | null) },
    { title: '截止', dataIndex: 'deadlineAt', width: 110, render: (v) => time(v as number | null) },
    { title: '交卷', dataIndex: 'submittedAt', width: 110, render: (v) => time(v as number | null) },
    { title: '得分', dataIndex: 'score', width: 70, render: (v) => formatScore(v as number | null) },
    { title: '操作', key: 'actions', width: 260, slot: 'actions', fixed: 'right' },
  ];

  return (
    <Card size="small">
      <div className="kp-exam-filters" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="搜索姓名、账号或工号"
          aria-label="搜索考生"
          maxLength={50}
          style={{ width: 240 }}
          onSearch={(value) => {
            setFilter((f) => ({ ...f, keyword: value.trim() || undefined }));
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="考生状态"
          style={{ width: 130 }}
          options={EXAMINEE_STATE_OPTIONS.map(({ value, label }) => ({ value, label }))}
          onChange={(state?: ExamineeState) => {
            setFilter((f) => ({ ...f, state }));
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
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
          scrollX={1500}
          toolbar={[
            { id: 'add', label: '添加考生', type: 'primary', onClick: () => setAdding(true) },
            {
              id: 'remove',
              label: '移除考生',
              danger: true,
              disabled: (rows) => rows.length === 0,
              onClick: (rows) => confirmRemove(rows),
            },
          ]}
          slots={{
            state: (row) => <Tag color={examineeStateColor(row.state)}>{row.stateLabel}</Tag>,
            actions: (row) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => timeActions.extend(candidate(row))}>
                  延长时间
                </Button>
                <Button type="link" size="small" onClick={() => confirmGrant(row)}>
                  再考一次
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  disabled={row.state !== 'in_progress'}
                  onClick={() => timeActions.force(candidate(row))}
                >
                  强制交卷
                </Button>
              </Space>
            ),
          }}
        />
      )}
      <Modal
        open={adding}
        title="添加考生"
        okText="添加"
        cancelText="取消"
        okButtonProps={{ disabled: newUserIds.length === 0, loading: add.isPending }}
        onOk={() => add.mutate(newUserIds)}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <StaffMultiPicker
          value={newUserIds}
          onChange={setNewUserIds}
          aria-label="选择员工"
          testId="examinee-staff"
        />
      </Modal>
      {timeActions.dialog}
    </Card>
  );
}

/** /manage/exam/examinee?examId=: candidates and their state; add, remove, extend, another attempt, force submit. */
export default function ExamineePage(): ReactNode {
  return (
    <ExamFrame path="/manage/exam/examinee" title="考生管理">
      {(exam) => <ExamineeTable exam={exam} />}
    </ExamFrame>
  );
}
