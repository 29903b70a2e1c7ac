import type { Dispatch, Key, SetStateAction } from 'react';
import { App } from 'antd';
import type { TreeProps } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { deleteDepartment, exportDepartments, modifyDepartment, type DepartmentNode } from '../api';
import { departmentDrop, type DeptTreeNode } from '../department-tree-rules';
import { departmentPath, findDepartment } from '../staff-rules';
import type { DepartmentDialog } from './department-form-modal';

interface DepartmentActionsInput {
  nodes: readonly DepartmentNode[];
  selectedId: number | null;
  onSelect: (departmentId: number | null) => void;
  onChanged: () => void;
  setDialog: (dialog: DepartmentDialog) => void;
  setLeadersOf: (department: DepartmentNode) => void;
  setExpandedKeys: Dispatch<SetStateAction<Key[]>>;
}

/** The department menu's actions (add, rename, move, leaders, export, delete) and drag-and-drop moves. */
export function useDepartmentActions(input: DepartmentActionsInput) {
  const { nodes, selectedId, onSelect, onChanged, setDialog, setLeadersOf, setExpandedKeys } = input;
  const { message, modal } = App.useApp();

  const remove = useMutation({
    mutationFn: (department: DepartmentNode) => deleteDepartment(department.departmentId),
    onSuccess: (_result, department) => {
      message.success(`已删除部门「${department.name}」`);
      if (selectedId === department.departmentId) onSelect(null);
      onChanged();
    },
  });

  const move = useMutation({
    mutationFn: (input: Parameters<typeof modifyDepartment>[0]) => modifyDepartment(input),
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
    const request = departmentDrop(
      nodes,
      dragged,
      target,
      !info.dropToGap,
      info.dropPosition - targetPos < 0,
    );
    const { parentId } = request;
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

  return { onAction, onDrop, exportTree };
}
