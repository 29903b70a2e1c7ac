import type { ReactNode } from 'react';
import { Button, Dropdown, Space, Tag, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { formatScore } from '@kaopei/shared';
import type { DataTableColumn, DataTableSlot } from '../../../components/data-table';
import type { ExamRow } from '../api';
import { examStateColor } from '../exam-rules';

const time = (ms: number | null) => (ms === null ? '-' : dayjs(ms).format('YYYY-MM-DD HH:mm'));

/** The columns of the exam list; `slot` cells come from `examSlots`. */
export function examColumns(): DataTableColumn<ExamRow>[] {
  return [
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
}

/** What the buttons of an exam row do. */
export interface ExamRowActions {
  /** Opens `path?examId=…` of the exam. */
  go: (path: string, exam: ExamRow) => void;
  copy: (exam: ExamRow) => void;
  publish: (exam: ExamRow) => void;
  unpublish: (exam: ExamRow) => void;
  /** The exam being copied or published, if any (its button spins). */
  copyingId: number | undefined;
  publishingId: number | undefined;
  showQr: (exam: ExamRow) => void;
  confirmDelete: (exams: ExamRow[]) => void;
}

const MORE_PAGES = [
  { key: '/manage/exam/newExamDetail', label: '考试概览' },
  { key: '/manage/exam/created/paper', label: '考试试卷' },
  { key: '/manage/exam/IndividualPapers', label: '个人试卷' },
  { key: '/manage/exam/paperDesignated', label: '指定试卷' },
  { key: '/manage/exam/comment', label: '考试评语' },
];

/** 考生, 阅卷, 成绩 and 报告: the pages an exam row links to directly. */
const LINKED_PAGES = [
  { path: '/manage/exam/examinee', label: '考生' },
  { path: '/manage/exam/check', label: '阅卷' },
  { path: '/manage/exam/result', label: '成绩' },
  { path: '/manage/exam/ExamReport', label: '报告' },
];

function ExamActions({ row, actions }: { row: ExamRow; actions: ExamRowActions }): ReactNode {
  const { go } = actions;
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => go('/manage/exam/editor', row)}>
        编辑
      </Button>
      <Button
        type="link"
        size="small"
        loading={actions.copyingId === row.examId}
        onClick={() => actions.copy(row)}
      >
        复制
      </Button>
      {row.status === 0 ? (
        <Button
          type="link"
          size="small"
          loading={actions.publishingId === row.examId}
          onClick={() => actions.publish(row)}
        >
          发布
        </Button>
      ) : (
        <Button type="link" size="small" onClick={() => actions.unpublish(row)}>
          取消发布
        </Button>
      )}
      <Button type="link" size="small" onClick={() => actions.showQr(row)}>
        二维码
      </Button>
      {LINKED_PAGES.map(({ path, label }) => (
        <Button key={path} type="link" size="small" onClick={() => go(path, row)}>
          {label}
        </Button>
      ))}
      <Button type="link" size="small" danger onClick={() => actions.confirmDelete([row])}>
        删除
      </Button>
      <Dropdown menu={{ items: MORE_PAGES, onClick: ({ key }) => go(key, row) }}>
        <Button type="link" size="small" aria-label={`「${row.name}」更多操作`}>
          更多 <DownOutlined />
        </Button>
      </Dropdown>
    </Space>
  );
}

/** The slot cells of `examColumns`. */
export function examSlots(actions: ExamRowActions): Record<string, DataTableSlot<ExamRow>> {
  return {
    name: (row) => (
      <Typography.Link onClick={() => actions.go('/manage/exam/newExamDetail', row)}>
        {row.name}
      </Typography.Link>
    ),
    state: (row) => <Tag color={examStateColor(row.state)}>{row.stateLabel}</Tag>,
    actions: (row) => <ExamActions row={row} actions={actions} />,
  };
}
