import { Button, Space, Tag, Tooltip } from 'antd';
import { difficultyLabel, questionTypeLabel } from '@kaopei/shared';
import type { DataTableColumn, DataTableSlot, DataTableToolbarButton } from '../../../components/data-table';
import { answerText } from '../../../lib/question-rules';
import type { QuestionRow } from '../api';

const STATUS_COLORS: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red' };

/** The question table's columns; the public scope has no 状态 and only a copy action. */
export function questionColumns(isPublic: boolean): DataTableColumn<QuestionRow>[] {
  return [
    {
      title: '题型',
      dataIndex: 'type',
      key: 'type',
      width: 90,
      sortable: true,
      render: (v) => questionTypeLabel(Number(v)),
    },
    { title: '题干', dataIndex: 'stemText', slot: 'stem' },
    { title: '答案', key: 'answer', width: 160, slot: 'answer' },
    { title: '题库', dataIndex: 'bankName', width: 140 },
    {
      title: '难度',
      dataIndex: 'difficulty',
      key: 'difficulty',
      width: 100,
      sortable: true,
      render: (v) => `${Number(v)}${difficultyLabel(Number(v)) ? ` ${difficultyLabel(Number(v))}` : ''}`,
    },
    ...(isPublic
      ? []
      : [
          {
            title: '状态',
            dataIndex: 'status',
            key: 'status',
            width: 90,
            sortable: true,
            slot: 'status',
          } satisfies DataTableColumn<QuestionRow>,
        ]),
    {
      title: '操作',
      key: 'actions',
      width: isPublic ? 140 : 260,
      slot: isPublic ? 'copy' : 'actions',
      fixed: 'right',
    },
  ];
}

export interface QuestionToolbarActions {
  selected: number[];
  onAdd: () => void;
  onDelete: (ids: number[]) => void;
  onMove: (ids: number[]) => void;
  onTag: (ids: number[]) => void;
  onLink: (ids: number[]) => void;
  onImport: () => void;
  onExport: () => void;
  onCopy: (ids: number[]) => void;
}

/** The buttons over my questions: add, the batch actions on the selection, import, export. */
export function ownToolbar(actions: QuestionToolbarActions): DataTableToolbarButton<QuestionRow>[] {
  const { selected } = actions;
  const none = selected.length === 0;
  return [
    { id: 'add', label: '新增试题', type: 'primary', onClick: () => actions.onAdd() },
    {
      id: 'delete',
      label: '批量删除',
      danger: true,
      disabled: none,
      onClick: () => actions.onDelete(selected),
    },
    { id: 'move', label: '移动到题库', disabled: none, onClick: () => actions.onMove(selected) },
    { id: 'tag', label: '批量打标签', disabled: none, onClick: () => actions.onTag(selected) },
    { id: 'knowledge', label: '关联知识点', disabled: none, onClick: () => actions.onLink(selected) },
    { id: 'import', label: '导入', onClick: () => actions.onImport() },
    { id: 'export', label: '导出', onClick: () => actions.onExport() },
  ];
}

/** The button over the public questions: copy the selection into my banks. */
export function publicToolbar(actions: QuestionToolbarActions): DataTableToolbarButton<QuestionRow>[] {
  return [
    {
      id: 'copy',
      label: '复制到我的题库',
      type: 'primary',
      disabled: actions.selected.length === 0,
      onClick: () => actions.onCopy(actions.selected),
    },
  ];
}

export interface QuestionRowActions {
  onEdit: (row: QuestionRow) => void;
  onUsage: (row: QuestionRow) => void;
  /** 通过 and 驳回: left out for those who may not audit. */
  onApprove?: (row: QuestionRow) => void;
  onReject?: (row: QuestionRow) => void;
  onDelete: (row: QuestionRow) => void;
  onCopy: (row: QuestionRow) => void;
}

/** The cells the columns name by slot: stem, answer, status, and the row's actions. */
export function questionSlots(actions: QuestionRowActions): Record<string, DataTableSlot<QuestionRow>> {
  return {
    stem: (row) => (
      <Tooltip title={row.stemText}>
        <div className="kp-question-stem">{row.stemText || '（图片）'}</div>
      </Tooltip>
    ),
    answer: (row) => <span className="kp-question-stem">{answerText(row)}</span>,
    status: (row) => (
      <Tooltip title={row.status === 2 ? row.auditReason : undefined}>
        <Tag color={STATUS_COLORS[row.status]}>{row.statusLabel}</Tag>
      </Tooltip>
    ),
    copy: (row) => (
      <Button type="link" size="small" onClick={() => actions.onCopy(row)}>
        复制到我的题库
      </Button>
    ),
    actions: (row) => <QuestionActionsCell row={row} actions={actions} />,
  };
}

function QuestionActionsCell({ row, actions }: { row: QuestionRow; actions: QuestionRowActions }) {
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => actions.onEdit(row)}>
        编辑
      </Button>
      <Button type="link" size="small" onClick={() => actions.onUsage(row)}>
        引用
      </Button>
      {actions.onApprove ? (
        <Button type="link" size="small" disabled={row.status === 1} onClick={() => actions.onApprove?.(row)}>
          通过
        </Button>
      ) : null}
      {actions.onReject ? (
        <Button type="link" size="small" disabled={row.status === 2} onClick={() => actions.onReject?.(row)}>
          驳回
        </Button>
      ) : null}
      <Button type="link" size="small" danger onClick={() => actions.onDelete(row)}>
        删除
      </Button>
    </Space>
  );
}
