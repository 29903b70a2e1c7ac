import { useState, type ReactNode } from 'react';
import { App, Button, Card, Input, Modal, Popover, Select, Space, Spin, Tag, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { PaperType, formatScore } from '@kaopei/shared';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { CategoryTreePanel } from '../../../components/category-tree-panel';
import { fetchBanksByCategory, paperBankKeys } from '../../paper-bank/api';
import {
  copyPaper,
  deletePapers,
  fetchStatistics,
  movePapers,
  paperKeys,
  searchPapers,
  type PaperQuery,
  type PaperRow,
} from '../api';
import '../paper.css';

interface ListFilter {
  categoryId: number;
  keyword: string;
  paperBankId: number | undefined;
}

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

/** /manage/paper/list: papers by category (tree), keyword and posts, with copy, move and delete. */
export default function PaperListPage(): ReactNode {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const linkedBank = Number(searchParams.get('paperBankId')) || undefined;
  const linkedPosts = searchParams.getAll('postIds').map(Number).filter(Boolean);
  const [moving, setMoving] = useState<{ ids: number[]; to?: number } | null>(null);

  /** The search of one page (`page` zero-based; the paper search counts pages from 1). */
  const queryOf = (filter: ListFilter, page: number, size: number): PaperQuery => ({
    page: { pageNumber: page + 1, pageSize: size },
    categoryId: filter.categoryId || undefined,
    searchContent: filter.keyword.trim() || undefined,
    postIds: linkedPosts.length > 0 ? linkedPosts : undefined,
    paperBankId: filter.paperBankId,
  });
  const list = useListPage({
    initialFilter: { categoryId: 0, keyword: '', paperBankId: linkedBank },
    queryKey: (filter, page, size) => paperKeys.list(queryOf(filter, page, size)),
    fetchPage: (filter, page, size) => searchPapers(queryOf(filter, page, size)),
    rowKey: 'paperId',
    invalidate: [paperKeys.all, paperBankKeys.all],
    remove: (papers) => deletePapers(papers.map((paper) => paper.paperId)),
    onRemoved: (result) => message.success(`已删除 ${result.count} 份试卷`),
  });
  const { filter } = list;
  const banks = useQuery({ queryKey: paperBankKeys.grouped, queryFn: fetchBanksByCategory });
  const bankOptions = (banks.data ?? [])
    .filter((group) => group.paperBanks.length > 0)
    .map((group) => ({
      label: group.categoryName,
      title: group.categoryName,
      options: group.paperBanks.map((bank) => ({ label: bank.name, value: bank.paperBankId })),
    }));
  const refresh = () => void list.refresh();

  const copy = useMutation({
    mutationFn: (paper: PaperRow) => copyPaper(paper.paperId),
    onSuccess: (paper) => {
      message.success(`已复制为「${paper.name}」`);
      refresh();
    },
  });
  const move = useMutation({
    mutationFn: ({ ids, to }: { ids: number[]; to: number }) => movePapers(ids, to),
    onSuccess: (result) => {
      message.success(`已移动 ${result.count} 份试卷`);
      setMoving(null);
      list.clearSelection();
      refresh();
    },
  });
  const confirmDelete = (papers: PaperRow[]) =>
    list.confirmDelete(papers, {
      title:
        papers.length === 1
          ? `删除试卷「${papers[0]?.name ?? ''}」？`
          : `删除选中的 ${papers.length} 份试卷？`,
      content: '删除后不可恢复；已被考试使用的试卷不能删除。',
    });

  const columns: DataTableColumn<PaperRow>[] = [
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

  return (
    <div className="kp-paper-bank">
      <Card className="kp-paper-bank__tree" size="small">
        <CategoryTreePanel
          selectedId={filter.categoryId}
          onSelect={(id) => list.updateFilter({ categoryId: id })}
        />
      </Card>
      <Card className="kp-paper-bank__main" size="small">
        <Space wrap className="kp-paper-bank__filters">
          <Select
            allowClear
            value={filter.paperBankId}
            onChange={(value?: number) => list.updateFilter({ paperBankId: value })}
            placeholder="全部试卷库"
            aria-label="筛选试卷库"
            style={{ width: 200 }}
            options={bankOptions}
          />
          <Input.Search
            allowClear
            placeholder="搜索试卷名称或描述"
            aria-label="搜索试卷"
            maxLength={50}
            style={{ width: 260 }}
            onSearch={(value) => list.updateFilter({ keyword: value })}
          />
          {linkedPosts.length > 0 ? (
            <Tag closable onClose={() => void navigate('/manage/paper/list')}>
              按岗位筛选（{linkedPosts.length} 个岗位）
            </Tag>
          ) : null}
        </Space>
        {list.query.isError ? (
          <PageError description="试卷加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
        ) : (
          <div className="kp-paper-bank__table">
            <DataTable<PaperRow>
              {...list.tableProps}
              columns={columns}
              scrollX={1500}
              toolbar={[
                {
                  id: 'manual',
                  label: '手工组卷',
                  type: 'primary',
                  onClick: () => void navigate('/manage/paper/manual'),
                },
                { id: 'random', label: '随机组卷', onClick: () => void navigate('/manage/paper/random') },
                { id: 'auto', label: '智能组卷', onClick: () => void navigate('/manage/paper/auto') },
                {
                  id: 'move',
                  label: '批量移动',
                  disabled: (rows) => rows.length === 0,
                  onClick: (rows) => setMoving({ ids: rows.map((row) => row.paperId) }),
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
                  <Space size={4} wrap>
                    <Typography.Link
                      onClick={() => void navigate(`/manage/paper/detail?paperId=${row.paperId}`)}
                    >
                      {row.name}
                    </Typography.Link>
                    {row.status === 0 ? <Tag color="orange">草稿</Tag> : null}
                  </Space>
                ),
                typeMix: (row) => (
                  <Popover
                    trigger="click"
                    title={`「${row.name}」题型分布`}
                    content={<TypeMix paperId={row.paperId} />}
                  >
                    <Button type="link" size="small" aria-label={`「${row.name}」题型分布`}>
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
                actions: (row) => (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => void navigate(editorPath(row))}>
                      编辑
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => void navigate(`/manage/paper/preview?paperId=${row.paperId}`)}
                    >
                      预览
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      loading={copy.isPending && copy.variables?.paperId === row.paperId}
                      onClick={() => copy.mutate(row)}
                    >
                      复制
                    </Button>
                    <Button type="link" size="small" onClick={() => setMoving({ ids: [row.paperId] })}>
                      移动
                    </Button>
                    <Button type="link" size="small" danger onClick={() => confirmDelete([row])}>
                      删除
                    </Button>
                  </Space>
                ),
              }}
            />
          </div>
        )}
      </Card>
      <Modal
        open={moving !== null}
        title={`移动 ${moving?.ids.length ?? 0} 份试卷到试卷库`}
        okText="移动"
        cancelText="取消"
        okButtonProps={{ disabled: moving?.to === undefined, loading: move.isPending }}
        onCancel={() => setMoving(null)}
        onOk={() => {
          if (moving?.to !== undefined) move.mutate({ ids: moving.ids, to: moving.to });
        }}
      >
        <Select
          style={{ width: '100%' }}
          placeholder="请选择目标试卷库"
          aria-label="目标试卷库"
          value={moving?.to}
          onChange={(to: number) => setMoving((m) => (m ? { ...m, to } : m))}
          options={bankOptions}
          notFoundContent="还没有试卷库，请先在试卷库页面新建"
        />
      </Modal>
    </div>
  );
}
