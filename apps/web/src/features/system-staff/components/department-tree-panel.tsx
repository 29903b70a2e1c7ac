import { useState, type ReactNode } from 'react';
import { Empty, Input, Skeleton, Tree } from 'antd';
import { PageError } from '../../../app/page-states';
import type { DepartmentNode } from '../api';
import type { DeptTreeNode } from '../department-tree-rules';
import { DepartmentFormModal, type DepartmentDialog } from './department-form-modal';
import { AllStaffButton, DepartmentNodeTitle, DepartmentTreeHeader } from './department-tree-parts';
import { LeadersModal } from './leaders-modal';
import { useDepartmentActions } from './use-department-actions';
import { useDepartmentTree } from './use-department-tree';

/**
 * The organisation's department tree: select a department to filter the staff list (sub-departments
 * included), add, rename, move (drag and drop or “移动到…”), set leaders, delete and export.
 */
export function DepartmentTreePanel({
  tree,
  loading,
  failed,
  onRetry,
  selectedId,
  onSelect,
  onChanged,
}: {
  tree: readonly DepartmentNode[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  selectedId: number | null;
  onSelect: (departmentId: number | null) => void;
  onChanged: () => void;
}): ReactNode {
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<DepartmentDialog | null>(null);
  const [leadersOf, setLeadersOf] = useState<DepartmentNode | null>(null);
  const { nodes, treeData, shownExpanded, setExpandedKeys } = useDepartmentTree(tree, keyword);

  const { onAction, onDrop, exportTree } = useDepartmentActions({
    nodes,
    selectedId,
    onSelect,
    onChanged,
    setDialog,
    setLeadersOf,
    setExpandedKeys,
  });

  const totalStaff = nodes.reduce((sum, node) => sum + node.staffCount, 0);

  return (
    <div className="kp-dept-tree">
      <DepartmentTreeHeader
        exporting={exportTree.isPending}
        onExport={() => exportTree.mutate(undefined)}
        onAdd={() => setDialog({ kind: 'add', parentId: null })}
      />
      <Input.Search
        placeholder="搜索部门"
        allowClear
        size="small"
        aria-label="搜索部门"
        className="kp-dept-tree__search"
        onChange={(event) => setKeyword(event.target.value)}
      />
      <AllStaffButton
        active={selectedId === null}
        count={tree ? totalStaff : null}
        onClick={() => onSelect(null)}
      />
      {failed ? (
        <PageError title="" description="部门加载失败" onRetry={onRetry} />
      ) : loading && !tree ? (
        <Skeleton active paragraph={{ rows: 6 }} title={false} />
      ) : treeData.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={keyword.trim() ? '没有匹配的部门' : '还没有部门，点击“新增部门”开始搭建组织架构'}
        />
      ) : (
        <Tree<DeptTreeNode>
          className="kp-dept-tree__tree"
          blockNode
          draggable={{ icon: false }}
          treeData={treeData}
          titleRender={(node) => <DepartmentNodeTitle department={node.department} onAction={onAction} />}
          selectedKeys={selectedId === null ? [] : [selectedId]}
          expandedKeys={shownExpanded}
          onExpand={(keys) => setExpandedKeys(keys)}
          onSelect={(keys) => onSelect(keys.length > 0 ? Number(keys[0]) : null)}
          onDrop={onDrop}
        />
      )}
      <DepartmentFormModal
        dialog={dialog}
        tree={nodes}
        onClose={() => setDialog(null)}
        onSaved={(departmentId) => {
          setDialog(null);
          onChanged();
          if (dialog?.kind === 'add' && departmentId !== null) onSelect(departmentId);
        }}
      />
      <LeadersModal department={leadersOf} onClose={() => setLeadersOf(null)} />
    </div>
  );
}
