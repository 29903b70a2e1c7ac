import type { ReactNode } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { DataTableColumn, DataTableSlot, DataTableToolbarButton } from '../../../components/data-table';
import { LinkButton } from '../../../app/link-button';
import type { PaperBankRow } from '../api';

/** The paper bank table's columns; the name and actions cells come from `paperBankSlots`. */
export function paperBankColumns(isOuter: boolean): DataTableColumn<PaperBankRow>[] {
  return [
    { title: '试卷库名称', dataIndex: 'name', slot: 'name' },
    {
      title: '分类',
      dataIndex: 'categoryName',
      width: 160,
      render: (value) => (value ? String(value) : <Typography.Text type="secondary">未分类</Typography.Text>),
    },
    { title: '试卷数', dataIndex: 'paperCount', width: 90 },
    {
      title: '描述',
      dataIndex: 'description',
      ellipsis: true,
      render: (value) => (value ? String(value) : '-'),
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 170,
      render: (value) => dayjs(Number(value)).format('YYYY-MM-DD HH:mm'),
    },
    { title: '操作', key: 'actions', width: isOuter ? 100 : 200, slot: 'actions', fixed: 'right' },
  ];
}

interface PaperBankRowActions {
  onEdit: (row: PaperBankRow) => void;
  onDelete: (rows: PaperBankRow[]) => void;
}

function PaperBankActionsCell({
  row,
  actions,
}: {
  row: PaperBankRow;
  actions: PaperBankRowActions;
}): ReactNode {
  return (
    <Space size={0}>
      <LinkButton type="link" size="small" to={`/manage/paper/list?paperBankId=${row.paperBankId}`}>
        查看试卷
      </LinkButton>
      {row.editable ? (
        <>
          <Button type="link" size="small" onClick={() => actions.onEdit(row)}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => actions.onDelete([row])}>
            删除
          </Button>
        </>
      ) : null}
    </Space>
  );
}

/** The name (with 公开) and the actions (查看试卷; 编辑 and 删除 when editable). */
export function paperBankSlots(actions: PaperBankRowActions): Record<string, DataTableSlot<PaperBankRow>> {
  return {
    name: (row) => (
      <Space size={4}>
        <span>{row.name}</span>
        {row.isPublic ? <Tag color="blue">公开</Tag> : null}
      </Space>
    ),
    actions: (row) => <PaperBankActionsCell row={row} actions={actions} />,
  };
}

/** 新建试卷库 and 批量删除 on my paper banks; nothing on public ones. */
export function paperBankToolbar(isOuter: boolean, actions: { onCreate: () => void } & PaperBankRowActions) {
  const buttons: DataTableToolbarButton<PaperBankRow>[] = isOuter
    ? []
    : [
        { id: 'create', label: '新建试卷库', type: 'primary', onClick: actions.onCreate },
        {
          id: 'delete',
          label: '批量删除',
          danger: true,
          disabled: (rows) => rows.length === 0,
          onClick: (rows) => actions.onDelete(rows),
        },
      ];
  return buttons;
}
