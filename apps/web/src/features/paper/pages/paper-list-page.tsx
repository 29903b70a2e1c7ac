import { useState, type ReactNode } from 'react';
import { App, Card, Input, Select, Space, Tag } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { DataTable, useListPage } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { CategoryTreePanel } from '../../../components/category-tree-panel';
import { paperBankKeys } from '../../paper-bank/api';
import { copyPaper, deletePapers, paperKeys, searchPapers, type PaperQuery, type PaperRow } from '../api';
import { paperColumns, paperSlots, paperToolbar, type PaperListActions } from './paper-list-columns';
import { MovePapersDialog, type MovingPapers } from './move-papers-dialog';
import { usePaperBankOptions } from './use-paper-bank-options';
import '../paper.css';

interface ListFilter {
  categoryId: number;
  keyword: string;
  paperBankId: number | undefined;
}

/** The list state of the paper list: filter from the tree, bank and keyword, plus the linked posts. */
function usePaperList(linkedBank: number | undefined, linkedPosts: number[]) {
  const { message } = App.useApp();
  /** The search of one page (`page` zero-based; the paper search counts pages from 1). */
  const queryOf = (filter: ListFilter, page: number, size: number): PaperQuery => ({
    page: { pageNumber: page + 1, pageSize: size },
    categoryId: filter.categoryId || undefined,
    searchContent: filter.keyword.trim() || undefined,
    postIds: linkedPosts.length > 0 ? linkedPosts : undefined,
    paperBankId: filter.paperBankId,
  });
  return useListPage({
    initialFilter: { categoryId: 0, keyword: '', paperBankId: linkedBank },
    queryKey: (filter, page, size) => paperKeys.list(queryOf(filter, page, size)),
    fetchPage: (filter, page, size) => searchPapers(queryOf(filter, page, size)),
    rowKey: 'paperId',
    invalidate: [paperKeys.all, paperBankKeys.all],
    remove: (papers) => deletePapers(papers.map((paper) => paper.paperId)),
    onRemoved: (result) => message.success(`已删除 ${result.count} 份试卷`),
  });
}

/** 试卷库 and keyword filters, and the tag of the posts the list was opened for. */
function PaperListFilters(props: {
  paperBankId: number | undefined;
  bankOptions: ReturnType<typeof usePaperBankOptions>;
  linkedPostCount: number;
  onFilter: (patch: Partial<ListFilter>) => void;
  onClearPosts: () => void;
}): ReactNode {
  const { paperBankId, bankOptions, linkedPostCount, onFilter, onClearPosts } = props;
  return (
    <Space wrap className="kp-paper-bank__filters">
      <Select
        allowClear
        value={paperBankId}
        onChange={(value?: number) => onFilter({ paperBankId: value })}
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
        onSearch={(value) => onFilter({ keyword: value })}
      />
      {linkedPostCount > 0 ? (
        <Tag closable onClose={onClearPosts}>
          按岗位筛选（{linkedPostCount} 个岗位）
        </Tag>
      ) : null}
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
  const [moving, setMoving] = useState<MovingPapers | null>(null);
  const list = usePaperList(linkedBank, linkedPosts);
  const { filter } = list;
  const bankOptions = usePaperBankOptions();
  const refresh = () => void list.refresh();

  const copy = useMutation({
    mutationFn: (paper: PaperRow) => copyPaper(paper.paperId),
    onSuccess: (paper) => {
      message.success(`已复制为「${paper.name}」`);
      refresh();
    },
  });
  const actions: PaperListActions = {
    go: (path) => void navigate(path),
    copy: (paper) => copy.mutate(paper),
    copyingId: copy.isPending ? copy.variables?.paperId : undefined,
    move: (ids) => setMoving({ ids }),
    confirmDelete: (papers) =>
      list.confirmDelete(papers, {
        title:
          papers.length === 1
            ? `删除试卷「${papers[0]?.name ?? ''}」？`
            : `删除选中的 ${papers.length} 份试卷？`,
        content: '删除后不可恢复；已被考试使用的试卷不能删除。',
      }),
  };

  return (
    <div className="kp-paper-bank">
      <Card className="kp-paper-bank__tree" size="small">
        <CategoryTreePanel
          selectedId={filter.categoryId}
          onSelect={(id) => list.updateFilter({ categoryId: id })}
        />
      </Card>
      <Card className="kp-paper-bank__main" size="small">
        <PaperListFilters
          paperBankId={filter.paperBankId}
          bankOptions={bankOptions}
          linkedPostCount={linkedPosts.length}
          onFilter={list.updateFilter}
          onClearPosts={() => void navigate('/manage/paper/list')}
        />
        {list.query.isError ? (
          <PageError description="试卷加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
        ) : (
          <div className="kp-paper-bank__table">
            <DataTable<PaperRow>
              {...list.tableProps}
              columns={paperColumns()}
              scrollX={1500}
              toolbar={paperToolbar(actions)}
              slots={paperSlots(actions)}
            />
          </div>
        )}
      </Card>
      <MovePapersDialog
        moving={moving}
        onChange={setMoving}
        bankOptions={bankOptions}
        onMoved={() => {
          list.clearSelection();
          refresh();
        }}
      />
    </div>
  );
}
