import { useState, type ReactNode } from 'react';
import { App, Card, Input, Modal, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { DataTable, useListPage } from '../../../components/data-table';
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
import { EXAMINEE_STATE_OPTIONS } from '../exam-rules';
import { ExamFrame } from '../components/exam-frame';
import { useCandidateTimeActions } from '../components/monitor-actions';
import { examineeColumns, examineeSlots, type ExamineeRowActions } from './examinee-columns';

const NO_FILTER: ExamineeFilter = {};

/** The candidates of an exam: keyword and state filter, paging, selection and removal. */
function useExamineeList(examId: number) {
  const { message } = App.useApp();
  return useListPage({
    initialFilter: NO_FILTER,
    // The key counts pages from 1, as the other pages that list candidates do.
    queryKey: (filter, page, size) => examKeys.examinees(examId, filter, page + 1, size),
    fetchPage: (filter, page, size) => searchExaminees(examId, filter, page, size),
    rowKey: 'userId',
    invalidate: [examKeys.all],
    remove: (rows: ExamineeRow[]) =>
      removeExaminees(
        examId,
        rows.map((row) => row.userId),
      ),
    onRemoved: (result) => message.success(`已移除 ${result.count} 名考生`),
  });
}

/** 延长时间, 再考一次 (after asking) and 强制交卷 of one candidate, with the dialogs they need. */
function useExamineeRowActions(exam: ExamRow, refresh: () => void) {
  const { message, modal } = App.useApp();
  const examId = exam.examId;
  const timeActions = useCandidateTimeActions<ExamineeRow & { name: string }>(examId, refresh);
  const candidate = (row: ExamineeRow) => ({ ...row, name: row.realName });
  const grant = useMutation({
    mutationFn: (userId: number) => grantAttempt(examId, userId),
    onSuccess: () => {
      message.success('已允许再考一次');
      refresh();
    },
  });
  const actions: ExamineeRowActions = {
    extend: (row) => timeActions.extend(candidate(row)),
    force: (row) => timeActions.force(candidate(row)),
    grant: (row) =>
      modal.confirm({
        title: `允许「${row.realName}」再考一次？`,
        content: `已考 ${row.attemptsUsed} 次；考试允许 ${exam.attemptsAllowed} 次，已额外允许 ${row.extraAttempts} 次。`,
        okText: '允许',
        cancelText: '取消',
        onOk: () => grant.mutateAsync(row.userId).catch(() => undefined),
      }),
  };
  return { actions, dialog: timeActions.dialog };
}

/** 添加考生: pick staff, then add them to the exam (those already listed are skipped). */
function AddExamineesDialog(props: {
  examId: number;
  open: boolean;
  onClose: () => void;
  onAdded: () => void;
}): ReactNode {
  const { examId, open, onClose, onAdded } = props;
  const { message } = App.useApp();
  const [userIds, setUserIds] = useState<number[]>([]);
  const add = useMutation({
    mutationFn: (ids: number[]) => addExaminees(examId, ids),
    onSuccess: (result, ids) => {
      const skipped = ids.length - result.count;
      message.success(`已添加 ${result.count} 名考生${skipped > 0 ? `（${skipped} 人已在名单中）` : ''}`);
      onClose();
      setUserIds([]);
      onAdded();
    },
  });
  return (
    <Modal
      open={open}
      title="添加考生"
      okText="添加"
      cancelText="取消"
      okButtonProps={{ disabled: userIds.length === 0, loading: add.isPending }}
      onOk={() => add.mutate(userIds)}
      onCancel={onClose}
      destroyOnHidden
    >
      <StaffMultiPicker value={userIds} onChange={setUserIds} aria-label="选择员工" testId="examinee-staff" />
    </Modal>
  );
}

function ExamineeTable({ exam }: { exam: ExamRow }): ReactNode {
  const { modal } = App.useApp();
  const [adding, setAdding] = useState(false);
  const list = useExamineeList(exam.examId);
  const refresh = () => void list.refresh();
  const rowActions = useExamineeRowActions(exam, refresh);

  const confirmRemove = (rows: ExamineeRow[]) =>
    modal.confirm({
      title:
        rows.length === 1 ? `移除考生「${rows[0]?.realName ?? ''}」？` : `移除选中的 ${rows.length} 名考生？`,
      content: '已开始作答的考生不能移除。',
      okText: '移除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => list.remove(rows),
    });

  return (
    <Card size="small">
      <div className="kp-exam-filters" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="搜索姓名、账号或工号"
          aria-label="搜索考生"
          maxLength={50}
          style={{ width: 240 }}
          onSearch={(value) => list.updateFilter({ keyword: value.trim() || undefined })}
        />
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="考生状态"
          style={{ width: 130 }}
          options={EXAMINEE_STATE_OPTIONS.map(({ value, label }) => ({ value, label }))}
          onChange={(state?: ExamineeState) => list.updateFilter({ state })}
        />
      </div>
      {list.query.isError ? (
        <PageError description="考生加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<ExamineeRow>
          {...list.tableProps}
          columns={examineeColumns(exam)}
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
          slots={examineeSlots(rowActions.actions)}
        />
      )}
      <AddExamineesDialog
        examId={exam.examId}
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={refresh}
      />
      {rowActions.dialog}
    </Card>
  );
}

/** /manage/exam/examinee?examId=: candidates and their state; add, remove, extend, another attempt, force submit. */
export default function ExamineePage(): ReactNode {
  return <ExamFrame path="/manage/exam/examinee">{(exam) => <ExamineeTable exam={exam} />}</ExamFrame>;
}
