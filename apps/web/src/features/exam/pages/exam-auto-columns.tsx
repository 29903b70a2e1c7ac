import { Button, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { DataTableColumn, DataTableSlot } from '../../../components/data-table';
import type { AutoRuleRow } from '../auto-api';
import { leadText } from '../auto-rules';

export const time = (ms: number | null) => (ms === null ? '-' : dayjs(ms).format('YYYY-MM-DD HH:mm'));

/** The columns of the automatic-exam rules; `slot` cells come from `autoRuleSlots`. */
export function autoRuleColumns(): DataTableColumn<AutoRuleRow>[] {
  return [
    { title: '规则名称', dataIndex: 'name', width: 200 },
    { title: '重复', dataIndex: 'recurrenceLabel', width: 70 },
    {
      title: '下次开考',
      dataIndex: 'nextStartAt',
      width: 150,
      render: (_v, row) =>
        row.nextStartAt === null ? (
          <Typography.Text type="secondary">无</Typography.Text>
        ) : (
          <Tooltip title={`${leadText(row.leadMinutes)}，${time(row.nextRunAt)} 生成`}>
            {time(row.nextStartAt)}
          </Tooltip>
        ),
    },
    { title: '已生成', dataIndex: 'runs', width: 70, render: (v) => `${Number(v)} 场` },
    { title: '最近一场考试', key: 'lastExam', width: 220, slot: 'lastExam' },
    { title: '状态', key: 'enabled', width: 90, slot: 'enabled' },
    { title: '最近错误', key: 'lastError', width: 240, slot: 'lastError' },
    { title: '操作', key: 'actions', width: 260, slot: 'actions', fixed: 'right' },
  ];
}

/** What the cells of a rule row do. */
export interface AutoRuleRowActions {
  openExam: (examId: number) => void;
  toggle: (rule: AutoRuleRow, enabled: boolean) => void;
  /** The rule being switched or run, if any (its control spins). */
  togglingId: number | undefined;
  runningId: number | undefined;
  edit: (rule: AutoRuleRow) => void;
  run: (rule: AutoRuleRow) => void;
  showExams: (rule: AutoRuleRow) => void;
  confirmDelete: (rules: AutoRuleRow[]) => void;
}

/** The slot cells of `autoRuleColumns`. */
export function autoRuleSlots(actions: AutoRuleRowActions): Record<string, DataTableSlot<AutoRuleRow>> {
  return {
    lastExam: (row) =>
      row.lastExam ? (
        <Typography.Link onClick={() => actions.openExam(row.lastExam?.examId ?? 0)}>
          {row.lastExam.name}
        </Typography.Link>
      ) : (
        <Typography.Text type="secondary">-</Typography.Text>
      ),
    enabled: (row) => (
      <Switch
        size="small"
        checked={row.enabled}
        checkedChildren="启用"
        unCheckedChildren="停用"
        aria-label={`「${row.name}」启用`}
        loading={actions.togglingId === row.ruleId}
        onChange={(enabled) => actions.toggle(row, enabled)}
      />
    ),
    lastError: (row) =>
      row.lastError ? (
        <Typography.Text type="danger" ellipsis={{ tooltip: row.lastError }}>
          {row.lastError}
        </Typography.Text>
      ) : (
        <Tag color="green">正常</Tag>
      ),
    actions: (row) => (
      <Space size={0} wrap>
        <Button type="link" size="small" onClick={() => actions.edit(row)}>
          编辑
        </Button>
        <Button
          type="link"
          size="small"
          disabled={row.nextStartAt === null}
          loading={actions.runningId === row.ruleId}
          onClick={() => actions.run(row)}
        >
          立即生成
        </Button>
        <Button type="link" size="small" onClick={() => actions.showExams(row)}>
          考试
        </Button>
        <Button type="link" size="small" danger onClick={() => actions.confirmDelete([row])}>
          删除
        </Button>
      </Space>
    ),
  };
}
