import { useState, type ReactNode } from 'react';
import { App, Card, Input, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DataTable, useListPage } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import {
  copyExam,
  deleteExams,
  examKeys,
  publishExam,
  searchExams,
  unpublishExam,
  type ExamRow,
  type ExamSearch,
  type ExamState,
} from '../api';
import { EXAM_STATE_OPTIONS } from '../exam-rules';
import { ExamQrModal } from '../components/exam-qr-modal';
import { examColumns, examSlots, type ExamRowActions } from './exam-list-columns';
import '../exam.css';

const NO_SEARCH: ExamSearch = {};

/** 复制, 发布 and 取消发布 (after asking) of one exam; each refreshes the list when done. */
function useExamRowMutations(refresh: () => void) {
  const { message, modal } = App.useApp();
  const copy = useMutation({
    mutationFn: (exam: ExamRow) => copyExam(exam.examId),
    onSuccess: (exam) => {
      message.success(`已复制为「${exam.name}」`);
      refresh();
    },
  });
  const publish = useMutation({
    mutationFn: (exam: ExamRow) => publishExam(exam.examId),
    onSuccess: (exam) => {
      message.success(`「${exam.name}」已发布，考生 ${exam.candidateCount} 人`);
      refresh();
    },
  });
  const unpublish = useMutation({
    mutationFn: (exam: ExamRow) => unpublishExam(exam.examId),
    onSuccess: (exam) => {
      message.success(`「${exam.name}」已取消发布`);
      refresh();
    },
  });
  const confirmUnpublish = (exam: ExamRow) =>
    modal.confirm({
      title: `取消发布「${exam.name}」？`,
      content: '考试回到未发布状态；已有考生作答时不能取消发布。',
      okText: '取消发布',
      cancelText: '返回',
      onOk: () => unpublish.mutateAsync(exam).catch(() => undefined),
    });
  return {
    copy: (exam: ExamRow) => copy.mutate(exam),
    publish: (exam: ExamRow) => publish.mutate(exam),
    unpublish: confirmUnpublish,
    copyingId: copy.isPending ? copy.variables?.examId : undefined,
    publishingId: publish.isPending ? publish.variables?.examId : undefined,
  };
}

/** /manage/exam/list (kept alive): exams with their state, search, and every action on an exam. */
export default function ExamListPage(): ReactNode {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [qrExam, setQrExam] = useState<ExamRow | null>(null);

  const list = useListPage({
    initialFilter: NO_SEARCH,
    queryKey: (search, page, size) => examKeys.list(search, page, size),
    fetchPage: searchExams,
    rowKey: 'examId',
    invalidate: [examKeys.all],
    remove: (exams) => deleteExams(exams.map((exam) => exam.examId)),
    onRemoved: (result) => message.success(`已删除 ${result.count} 场考试`),
  });
  const search = list.filter;
  const confirmDelete = (exams: ExamRow[]) =>
    list.confirmDelete(exams, {
      title:
        exams.length === 1 ? `删除考试「${exams[0]?.name ?? ''}」？` : `删除选中的 ${exams.length} 场考试？`,
      content: '删除后不可恢复；已有考生作答的考试不能删除。',
    });
  const actions: ExamRowActions = {
    ...useExamRowMutations(() => void list.refresh()),
    go: (path, exam) => void navigate(`${path}?examId=${exam.examId}`),
    showQr: setQrExam,
    confirmDelete,
  };

  return (
    <Card size="small" className="kp-exam-page">
      <div className="kp-exam-filters" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="搜索考试名称"
          aria-label="搜索考试"
          maxLength={100}
          style={{ width: 260 }}
          onSearch={(value) => list.updateFilter({ keyword: value.trim() || undefined })}
        />
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="考试状态"
          style={{ width: 140 }}
          value={search.state}
          options={EXAM_STATE_OPTIONS.map(({ value, label }) => ({ value, label }))}
          onChange={(state?: ExamState) => list.updateFilter({ state })}
        />
      </div>
      {list.query.isError ? (
        <PageError description="考试加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<ExamRow>
          {...list.tableProps}
          columns={examColumns()}
          scrollX={1500}
          toolbar={[
            {
              id: 'create',
              label: '新建考试',
              type: 'primary',
              onClick: () => void navigate('/manage/exam/editor'),
            },
            {
              id: 'delete',
              label: '批量删除',
              danger: true,
              disabled: (rows) => rows.length === 0,
              onClick: (rows) => confirmDelete(rows),
            },
          ]}
          slots={examSlots(actions)}
        />
      )}
      <ExamQrModal exam={qrExam} onClose={() => setQrExam(null)} />
    </Card>
  );
}
