import type { ReactNode } from 'react';
import { Button, Popover, Space, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { PaperType, formatScore } from '@kaopei/shared';
import type { DataTableColumn, DataTableSlot, DataTableToolbarButton } from '../../../components/data-table';
import { fetchStatistics, paperKeys, type PaperRow } from '../api';

/** Where 编辑 goes for each paper type. */
export function editorPath(paper: Pick<PaperRow, 'paperId' | 'type'>): string {
  if (paper.type === PaperType.POST_RANDOM) return `/manage/paper/random?paperId=${paper.paperId}`;
  return `/manage/paper/editor?paperId=${paper.paperId}`;
}

/** The type mix of one paper, loaded when asked for (the list rows carry the totals only). */
function TypeMix({ paperId }: { paperId: number }): ReactNode {
  const stats = useQuery({
    queryKey: paperKeys.statistics(paperId),
    queryFn: () => fetchStatistics(paperId),
  });
  if (stats.isPending) return <Spin size="small" />;
  if (stats.isError) return <Typography.Text type="danger">加载失败</Typography.Text>;
  const mix = stats.data.typeMix.filter((entry) => entry.count > 0);
  if (mix.length === 0) return <Typography.Text type="secondary">暂无试题</Typography.Text>;
  return (
    <Space direction="vertical" size={2}>
      {mix.map((entry) => (
        <span key={entry.type}>
          {entry.label}：{entry.count} 题，{formatScore(entry.points)} 分
        </span>
      ))}
    </Space>
  );
}

/** The columns of the paper list; `slot` cells come from `paperSlots`. */
export function paperColumns(): DataTableColumn<PaperRow>[] {
  return [
    { title: '试卷名称', dataIndex: 'name', slot: 'name', width: 220 },
    { title: '类型', dataIndex: 'typeLabel', width: 100 },
    { title: '试卷库', dataIndex: 'paperBankName', width: 130, render: (v) => (v ? String(v) : '-') },
    { title: '分类', dataIndex: 'categoryName', width: 110, render: (v) => (v ? String(v) : '-') },
    { title: '题数', dataIndex: 'questionCount', width: 70 },
    { title: '总分', dataIndex: 'totalScore', width: 80, render: (v) => formatScore(Number(v)) },
    { title: '题型分布', key: 'typeMix', width: 100, slot: 'typeMix' },
    {
      title: '平均难度',
      dataIndex: 'averageDifficulty',
      width: 110,
      slot: 'difficulty',
    },
    { title: '使用次数', dataIndex: 'timesUsed', width: 90 },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: 150,
      render: (v) => dayjs(Number(v)).format('YYYY-MM-DD HH:mm'),
    },
    { title: '操作', key: 'actions', width: 260, slot: 'actions', fixed: 'right' },
  ];
}

/** What the row and toolbar buttons of the paper list do. */
export interface PaperListActions {
  go: (path: string) => void;
  copy: (paper: PaperRow) => void;
  /** The paper being copied, if any. */
  copyingId: number | undefined;
  move: (paperIds: number[]) => void;
  confirmDelete: (papers: PaperRow[]) => void;
}

/** The toolbar of the paper list: the three ways to build a paper, then batch move and delete. */
export function paperToolbar(actions: PaperListActions): DataTableToolbarButton<PaperRow>[] {
  const { go } = actions;
  return [
    { id: 'manual', label: '手工组卷', type: 'primary', onClick: () => go('/manage/paper/manual') },
    { id: 'random', label: '随机组卷', onClick: () => go('/manage/paper/random') },
    { id: 'auto', label: '智能组卷', onClick: () => go('/manage/paper/auto') },
    {
      id: 'move',
      label: '批量移动',
      disabled: (rows) => rows.length === 0,
      onClick: (rows) => actions.move(rows.map((row) => row.paperId)),
    },
    {
      id: 'delete',
      label: '批量删除',
      danger: true,
      disabled: (rows) => rows.length === 0,
      onClick: (rows) => actions.confirmDelete(rows),
    },
  ];
}

function RowActions({ row, actions }: { row: PaperRow; actions: PaperListActions }): ReactNode {
  const { go } = actions;
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => go(editorPath(row))}>
        编辑
      </Button>
      <Button type="link" size="small" onClick={() => go(`/manage/paper/preview?paperId=${row.paperId}`)}>
        预览
      </Button>
      <Button
        type="link"
        size="small"
        loading={actions.copyingId === row.paperId}
        onClick={() => actions.copy(row)}
      >
        复制
      </Button>
      <Button type="link" size="small" onClick={() => actions.move([row.paperId])}>
        移动
      </Button>
      <Button type="link" size="small" danger onClick={() => actions.confirmDelete([row])}>
        删除
      </Button>
    </Space>
  );
}

/** The slot cells of `paperColumns`. */
export function paperSlots(actions: PaperListActions): Record<string, DataTableSlot<PaperRow>> {
  return {
    name: (row) => (
      <Space size={4} wrap>
        <Typography.Link onClick={() => actions.go(`/manage/paper/detail?paperId=${row.paperId}`)}>
          {row.name}
        </Typography.Link>
        {row.status === 0 ? <Tag color="orange">草稿</Tag> : null}
      </Space>
    ),
    typeMix: (row) => (
      <Popover trigger="click" title={`「${row.name}」题型分布`} content={<TypeMix paperId={row.paperId} />}>
        <Button type="link" size="small" aria-label={`查看「${row.name}」题型分布`}>
          查看
        </Button>
      </Popover>
    ),
    difficulty: (row) =>
      row.averageDifficulty === null ? (
        '-'
      ) : (
        <span>
          {row.averageDifficulty.toFixed(2)} {row.difficultyLabel}
        </span>
      ),
    actions: (row) => <RowActions row={row} actions={actions} />,
  };
}
