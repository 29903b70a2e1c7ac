import { useEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { App, Button, Dropdown, Empty, Input, Skeleton, Tooltip, Tree, Typography } from 'antd';
import type { MenuProps, TreeDataNode, TreeProps } from 'antd';
import {
  ApartmentOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DragOutlined,
  EditOutlined,
  MoreOutlined,
  PlusOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { PageError } from '../../../app/page-states';
import { deleteDepartment, exportDepartments, modifyDepartment, type DepartmentNode } from '../api';
import { departmentPath, findDepartment, siblingsOf } from '../staff-rules';
import { DepartmentFormModal, type DepartmentDialog } from './department-form-modal';
import { LeadersModal } from './leaders-modal';

interface DeptTreeNode extends TreeDataNode {
  key: number;
  department: DepartmentNode;
  children: DeptTreeNode[];
}

function toTreeData(nodes: readonly DepartmentNode[]): DeptTreeNode[] {
  return nodes.map((node) => ({
    key: node.departmentId,
    department: node,
    children: toTreeData(node.children),
  }));
}

/** Departments whose name contains the keyword, with their ancestors and whole subtrees. */
function filterTree(nodes: readonly DepartmentNode[], keyword: string): DepartmentNode[] {
  if (!keyword) return [...nodes];
  const needle = keyword.toLowerCase();
  return nodes.flatMap((node) => {
    if (node.name.toLowerCase().includes(needle)) return [node];
    const children = filterTree(node.children, keyword);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

function allIds(nodes: readonly DepartmentNode[]): number[] {
  return nodes.flatMap((node) => [node.departmentId, ...allIds(node.children)]);
}

/** Ids of departments at most `depth` levels deep that have children (expanded by default). */
function idsToDepth(nodes: readonly DepartmentNode[], depth: number): number[] {
  if (depth <= 0) return [];
  return nodes.flatMap((node) =>
    node.children.length > 0 ? [node.departmentId, ...idsToDepth(node.children, depth - 1)] : [],
  );
}

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
  const { message, modal } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [expandedKeys, setExpandedKeys] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<DepartmentDialog | null>(null);
  const [leadersOf, setLeadersOf] = useState<DepartmentNode | null>(null);
  const expandedOnce = useRef(false);
  const nodes = useMemo(() => tree ?? [], [tree]);

  useEffect(() => {
    if (!tree || expandedOnce.current) return;
    expandedOnce.current = true;
    setExpandedKeys(idsToDepth(tree, 2));
  }, [tree]);

  const visible = useMemo(() => filterTree(nodes, keyword.trim()), [nodes, keyword]);
  const treeData = useMemo(() => toTreeData(visible), [visible]);
  const shownExpanded = keyword.trim() ? allIds(visible) : expandedKeys;

  const remove = useMutation({
    mutationFn: (department: DepartmentNode) => deleteDepartment(department.departmentId),
    onSuccess: (_result, department) => {
      message.success(`已删除部门「${department.name}」`);
      if (selectedId === department.departmentId) onSelect(null);
      onChanged();
    },
  });

  const move = useMutation({
    mutationFn: modifyDepartment,
    onSuccess: () => {
      message.success('部门已移动');
      onChanged();
    },
  });

  const exportTree = useMutation({
    mutationFn: (departmentId?: number) => exportDepartments(departmentId),
    onSuccess: (fileName) => message.success(`已导出 ${fileName}`),
  });

  const confirmDelete = (department: DepartmentNode) => {
    modal.confirm({
      title: `删除部门「${department.name}」？`,
      content: '只能删除没有员工（含离职员工）和子部门的部门。此操作不可撤销。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => remove.mutateAsync(department).catch(() => undefined),
    });
  };

  const actions = (department: DepartmentNode): MenuProps['items'] => [
    { key: 'add', icon: <PlusOutlined />, label: '新增子部门' },
    { key: 'rename', icon: <EditOutlined />, label: '重命名' },
    { key: 'move', icon: <DragOutlined />, label: '移动到…' },
    { key: 'leaders', icon: <UserOutlined />, label: '设置负责人' },
    { key: 'export', icon: <DownloadOutlined />, label: '导出本部门架构' },
    { type: 'divider' },
    {
      key: 'delete',
      icon: <DeleteOutlined />,
      label: '删除',
      danger: true,
      disabled: department.children.length > 0,
    },
  ];

  const onAction = (department: DepartmentNode, key: string) => {
    if (key === 'add') {
      setDialog({ kind: 'add', parentId: department.departmentId });
      setExpandedKeys((keys) => [...new Set([...keys, department.departmentId])]);
    } else if (key === 'rename') setDialog({ kind: 'rename', department });
    else if (key === 'move') setDialog({ kind: 'move', department });
    else if (key === 'leaders') setLeadersOf(department);
    else if (key === 'export') exportTree.mutate(department.departmentId);
    else if (key === 'delete') confirmDelete(department);
  };

  // Drag and drop: into a node makes it the parent; between nodes places it among those siblings.
  const onDrop: TreeProps<DeptTreeNode>['onDrop'] = (info) => {
    const dragged = findDepartment(nodes, Number(info.dragNode.key));
    const target = findDepartment(nodes, Number(info.node.key));
    if (!dragged || !target || dragged.departmentId === target.departmentId) return;
    const targetPos = Number(String(info.node.pos).split('-').pop());
    const relative = info.dropPosition - targetPos;
    let parentId: number | null;
    let sort: number | undefined;
    if (!info.dropToGap) {
      parentId = target.departmentId;
      sort = undefined;
    } else {
      parentId = target.parentId;
      const siblings = siblingsOf(nodes, parentId).filter((s) => s.departmentId !== dragged.departmentId);
      const index = siblings.findIndex((s) => s.departmentId === target.departmentId);
      sort = relative < 0 ? index : index + 1;
    }
    const request = { departmentId: dragged.departmentId, parentId, sort };
    if (parentId === dragged.parentId) {
      move.mutate(request);
      return;
    }
    const where = parentId === null ? '一级部门' : `「${departmentPath(nodes, parentId)}」之下`;
    modal.confirm({
      title: '移动部门',
      content: `将「${departmentPath(nodes, dragged.departmentId)}」移动到${where}？部门内的员工随部门一起移动。`,
      okText: '移动',
      cancelText: '取消',
      onOk: () => move.mutateAsync(request).catch(() => undefined),
    });
  };

  const renderTitle = (node: DeptTreeNode): ReactNode => {
    const department = node.department;
    return (
      <span className="kp-dept-tree__node" data-testid={`dept-node-${department.name}`}>
        <span className="kp-dept-tree__name" title={department.name}>
          {department.name}
        </span>
        <span className="kp-dept-tree__count">{department.staffCount}</span>
        <Dropdown
          trigger={['click']}
          menu={{
            items: actions(department),
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              onAction(department, key);
            },
          }}
        >
          <Button
            type="text"
            size="small"
            className="kp-dept-tree__more"
            icon={<MoreOutlined />}
            aria-label={`部门「${department.name}」操作`}
            onClick={(event) => event.stopPropagation()}
          />
        </Dropdown>
      </span>
    );
  };

  const totalStaff = nodes.reduce((sum, node) => sum + node.staffCount, 0);

  return (
    <div className="kp-dept-tree">
      <div className="kp-dept-tree__header">
        <Typography.Text strong>
          <ApartmentOutlined /> 组织架构
        </Typography.Text>
        <span>
          <Tooltip title="导出部门架构与人数">
            <Button
              type="text"
              size="small"
              icon={<DownloadOutlined />}
              aria-label="导出部门架构"
              loading={exportTree.isPending}
              onClick={() => exportTree.mutate(undefined)}
            />
          </Tooltip>
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'add', parentId: null })}
          >
            新增部门
          </Button>
        </span>
      </div>
      <Input.Search
        placeholder="搜索部门"
        allowClear
        size="small"
        aria-label="搜索部门"
        className="kp-dept-tree__search"
        onChange={(event) => setKeyword(event.target.value)}
      />
      <button
        type="button"
        className={selectedId === null ? 'kp-dept-tree__all kp-dept-tree__all--active' : 'kp-dept-tree__all'}
        onClick={() => onSelect(null)}
        aria-pressed={selectedId === null}
      >
        <TeamOutlined /> 全部员工
        {tree ? <span className="kp-dept-tree__count">{totalStaff}</span> : null}
      </button>
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
          titleRender={renderTitle}
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
