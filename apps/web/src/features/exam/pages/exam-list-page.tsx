import { useState, type ReactNode } from 'react';
import { App, Button, Card, Dropdown, Input, Select, Space, Tag, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { formatScore } from '@kaopei/shared';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
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
import { EXAM_STATE_OPTIONS, examStateColor } from '../exam-rules';
import { ExamQrModal } from '../components/exam-qr-modal';
import '../exam.css';

const NO_SEARCH: ExamSearch = {};

const time = (ms: number | null) => (ms === null ? '-' : dayjs(ms).format('YYYY-MM-DD HH:mm'));

/** /manage/exam/list (kept alive): exams with their state, search, and every action on an exam. */
export default function ExamListPage(): ReactNode {
  const { message, modal } = App.useApp();
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
  const refresh = () => void list.refresh();

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
  const confirmDelete = (exams: ExamRow[]) =>
    list.confirmDelete(exams, {
      title:
        exams.length === 1 ? `删除考试「${exams[0]?.name ?? ''}」？` : `删除选中的 ${exams.length} 场考试？`,
      content: '删除后不可恢复；已有考生作答的考试不能删除。',
    });
  const confirmUnpublish = (exam: ExamRow) =>
    modal.confirm({
      title: `取消发布「${exam.name}」？`,
      content: '考试回到未发布状态；已有考生作答时不能取消发布。',
      okText: '取消发布',
      cancelText: '返回',
      onOk: () => unpublish.mutateAsync(exam).catch(() => undefined),
    });

  const go = (path: string, exam: ExamRow) => void navigate(`${path}?examId=${exam.examId}`);

  const columns: DataTableColumn<ExamRow>[] = [
    { title: '考试名称', dataIndex: 'name', slot: 'name', width: 240 },
    { title: '状态', dataIndex: 'stateLabel', slot: 'state', width: 90 },
    { title: '开始时间', dataIndex: 'startAt', width: 150, render: (v) => time(v as number | null) },
    { title: '结束时间', dataIndex: 'endAt', width: 150, render: (v) => time(v as number | null) },
    { title: '时长', dataIndex: 'durationText', width: 110 },
    {
      title: '试卷',
      key: 'papers',
      width: 180,
      render: (_v, row) => row.papers.map((paper) => paper.name).join('、') || '-',
    },
    { title: '及格分', dataIndex: 'passScore', width: 80, render: (v) => formatScore(Number(v)) },
    {
      title: '考生 / 已交卷',
      key: 'counts',
      width: 110,
      render: (_v, row) => `${row.candidateCount} / ${row.submittedCount}`,
    },
    { title: '操作', key: 'actions', width: 400, slot: 'actions', fixed: 'right' },
  ];

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
          columns={columns}
          autoHeight={false}
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
          slots={{
            name: (row) => (
              <Typography.Link onClick={() => go('/manage/exam/newExamDetail', row)}>
                {row.name}
              </Typography.Link>
            ),
            state: (row) => <Tag color={examStateColor(row.state)}>{row.stateLabel}</Tag>,
            actions: (row) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => go('/manage/exam/editor', row)}>
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  loading={copy.isPending && copy.variables?.examId === row.examId}
                  onClick={() => copy.mutate(row)}
                >
                  复制
                </Button>
                {row.status === 0 ? (
                  <Button
                    type="link"
                    size="small"
                    loading={publish.isPending && publish.variables?.examId === row.examId}
                    onClick={() => publish.mutate(row)}
                  >
                    发布
                  </Button>
                ) : (
                  <Button type="link" size="small" onClick={() => confirmUnpublish(row)}>
                    取消发布
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => setQrExam(row)}>
                  二维码
                </Button>
                <Button type="link" size="small" onClick={() => go('/manage/exam/examinee', row)}>
                  考生
                </Button>
                <Button type="link" size="small" onClick={() => go('/manage/exam/check', row)}>
                  阅卷
                </Button>
                <Button type="link" size="small" onClick={() => go('/manage/exam/result', row)}>
                  成绩
                </Button>
                <Button type="link" size="small" onClick={() => go('/manage/exam/ExamReport', row)}>
                  报告
                </Button>
                <Button type="link" size="small" danger onClick={() => confirmDelete([row])}>
                  删除
                </Button>
                <Dropdown
                  menu={{
                    items: [
                      { key: '/manage/exam/newExamDetail', label: '考试概览' },
                      { key: '/manage/exam/created/paper', label: '考试试卷' },
                      { key: '/manage/exam/IndividualPapers', label: '个人试卷' },
                      { key: '/manage/exam/paperDesignated', label: '指定试卷' },
                      { key: '/manage/exam/comment', label: '考试评语' },
                    ],
                    onClick: ({ key }) => go(key, row),
                  }}
                >
                  <Button type="link" size="small" aria-label={`「${row.name}」更多操作`}>
                    更多 <DownOutlined />
                  </Button>
                </Dropdown>
              </Space>
            ),
          }}
        />
      )}
      <ExamQrModal exam={qrExam} onClose={() => setQrExam(null)} />
    </Card>
  );
}
