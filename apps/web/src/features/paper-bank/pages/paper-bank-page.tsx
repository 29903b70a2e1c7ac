import type { ReactNode } from 'react';
import { Card, Input, Segmented, Space } from 'antd';
import { DataTable } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import type { PaperBankRow, PaperBankScope } from '../api';
import { CategoryTreePanel, useCategoryTree } from '../../../components/category-tree-panel';
import { PaperBankFormModal } from '../components/paper-bank-form-modal';
import { paperBankColumns, paperBankSlots, paperBankToolbar } from '../components/paper-bank-columns';
import { usePaperBankEdit, usePaperBankList } from '../components/use-paper-bank-list';

const SCOPES: { value: PaperBankScope; label: string }[] = [
  { value: 'inner', label: '我的试卷库' },
  { value: 'outer', label: '公开试卷库' },
];

/** /manage/paperBankMgt: the category tree on the left, the paper banks of the chosen category on the right. */
export default function PaperBankPage(): ReactNode {
  const tree = useCategoryTree();
  const { list, confirmDelete, changeScope } = usePaperBankList();
  const { editing, setEditing, save } = usePaperBankEdit(list.refresh);
  const { scope, categoryId } = list.filter;
  const isOuter = scope === 'outer';
  const rowActions = { onEdit: (row: PaperBankRow) => setEditing(row), onDelete: confirmDelete };

  return (
    <div className="kp-paper-bank">
      <Card className="kp-paper-bank__tree" size="small">
        <CategoryTreePanel
          editable
          selectedId={categoryId}
          onSelect={(id) => list.updateFilter({ categoryId: id })}
        />
      </Card>
      <Card className="kp-paper-bank__main" size="small">
        <Space wrap className="kp-paper-bank__filters">
          <Segmented<PaperBankScope> options={SCOPES} value={scope} onChange={changeScope} />
          <Input.Search
            allowClear
            placeholder="搜索试卷库名称"
            aria-label="搜索试卷库"
            maxLength={50}
            style={{ width: 240 }}
            onSearch={(value) => list.updateFilter({ keyword: value })}
          />
        </Space>
        {list.query.isError ? (
          <PageError description="试卷库加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
        ) : (
          <div className="kp-paper-bank__table">
            <DataTable<PaperBankRow>
              {...list.tableProps}
              columns={paperBankColumns(isOuter)}
              selectable={!isOuter}
              showIndex
              toolbar={paperBankToolbar(isOuter, { onCreate: () => setEditing('new'), ...rowActions })}
              slots={paperBankSlots(rowActions)}
            />
          </div>
        )}
      </Card>
      <PaperBankFormModal
        bank={editing}
        defaultCategoryId={categoryId}
        tree={tree.data ?? []}
        saving={save.isPending}
        onSubmit={(input) => save.mutate(input)}
        onCancel={() => setEditing(null)}
      />
    </div>
  );
}
