import { Button, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { formatScore } from '@kaopei/shared';
import type { DataTableColumn, DataTableSlot } from '../../../components/data-table';
import type { ExamRow, ExamineeRow } from '../api';
import { examineeStateColor } from '../exam-rules';

const time = (ms: number | null) => (ms === null ? '-' : dayjs(ms).format('MM-DD HH:mm'));

/** The columns of an exam's candidate list; `slot` cells come from `examineeSlots`. */
export function examineeColumns(exam: ExamRow): DataTableColumn<ExamineeRow>[] {
  return [
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
}

/** What the buttons of a candidate row do. */
export interface ExamineeRowActions {
  extend: (row: ExamineeRow) => void;
  grant: (row: ExamineeRow) => void;
  force: (row: ExamineeRow) => void;
}

/** The slot cells of `examineeColumns`. */
export function examineeSlots(actions: ExamineeRowActions): Record<string, DataTableSlot<ExamineeRow>> {
  return {
    state: (row) => <Tag color={examineeStateColor(row.state)}>{row.stateLabel}</Tag>,
    actions: (row) => (
      <Space size={0} wrap>
        <Button type="link" size="small" onClick={() => actions.extend(row)}>
          延长时间
        </Button>
        <Button type="link" size="small" onClick={() => actions.grant(row)}>
          再考一次
        </Button>
        <Button
          type="link"
          size="small"
          danger
          disabled={row.state !== 'in_progress'}
          onClick={() => actions.force(row)}
        >
          强制交卷
        </Button>
      </Space>
    ),
  };
}
