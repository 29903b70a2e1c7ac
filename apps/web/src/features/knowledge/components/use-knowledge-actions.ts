import type { Dispatch, Key, SetStateAction } from 'react';
import { App } from 'antd';
import type { TreeProps } from 'antd';
import { useMutation } from '@tanstack/react-query';
import {
  deleteKnowledge,
  exportKnowledge,
  moveKnowledge,
  type KnowledgeNode,
  type KnowledgeScope,
} from '../api';
import { dropPlacement, findNode, nodePath } from '../knowledge-rules';
import type { KnowledgeDialog } from './knowledge-node-modal';
import type { KnowledgeTreeNode } from './use-knowledge-tree';

const HAS_CHILDREN_MESSAGE = '该知识点下还有子知识点，无法删除';

interface KnowledgeActionsInput {
  scope: KnowledgeScope;
  nodes: KnowledgeNode[];
  refresh: () => Promise<void>;
  setDialog: (dialog: KnowledgeDialog) => void;
  setExpandedKeys: Dispatch<SetStateAction<Key[]>>;
}

/** Delete (confirmed; refused while it has children), move by drag and drop (confirmed to another parent), export. */
export function useKnowledgeActions(input: KnowledgeActionsInput) {
  const { scope, nodes, refresh, setDialog, setExpandedKeys } = input;
  const { message, modal } = App.useApp();

  const remove = useMutation({
    mutationFn: (node: KnowledgeNode) => deleteKnowledge(node.id),
    onSuccess: (_result, node) => {
      message.success(`已删除知识点「${node.name}」`);
      void refresh();
    },
  });

  const move = useMutation({
    mutationFn: moveKnowledge,
    onSuccess: () => {
      message.success('知识点已移动');
      void refresh();
    },
  });

  const exportTree = useMutation({
    mutationFn: () => exportKnowledge(scope),
    onSuccess: (fileName) => message.success(`已导出 ${fileName}`),
  });

  const confirmDelete = (node: KnowledgeNode) => {
    if (node.children.length > 0) {
      modal.warning({ title: '无法删除', content: HAS_CHILDREN_MESSAGE, okText: '知道了' });
      return;
    }
    modal.confirm({
      title: `删除知识点「${node.name}」？`,
      content:
        node.questionCount > 0
          ? `该知识点关联了 ${node.questionCount} 道题目，删除后题目与它的关联将解除。此操作不可撤销。`
          : '此操作不可撤销。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => remove.mutateAsync(node).catch(() => undefined),
    });
  };

  const onAction = (node: KnowledgeNode, key: string) => {
    if (key === 'add') {
      setDialog({ kind: 'add', parent: node });
      setExpandedKeys((keys) => [...new Set([...keys, node.id])]);
    } else if (key === 'rename') setDialog({ kind: 'rename', node });
    else if (key === 'delete') confirmDelete(node);
  };

  // Into a node makes it the parent; between nodes places it among those siblings.
  const onDrop: TreeProps<KnowledgeTreeNode>['onDrop'] = (info) => {
    const dragged = findNode(nodes, Number(info.dragNode.key));
    const target = findNode(nodes, Number(info.node.key));
    if (!dragged || !target || dragged.id === target.id) return;
    const targetPos = Number(String(info.node.pos).split('-').pop());
    const after = info.dropPosition - targetPos > 0;
    const request = dropPlacement(nodes, dragged.id, target, !info.dropToGap, after);
    if (request.parentId === dragged.parentId) {
      move.mutate(request);
      return;
    }
    const where = request.parentId === null ? '一级知识点' : `「${nodePath(nodes, request.parentId)}」之下`;
    modal.confirm({
      title: '移动知识点',
      content: `将「${nodePath(nodes, dragged.id)}」连同其下级移动到${where}？`,
      okText: '移动',
      cancelText: '取消',
      onOk: () => move.mutateAsync(request).catch(() => undefined),
    });
  };

  return { onAction, onDrop, exportTree };
}
