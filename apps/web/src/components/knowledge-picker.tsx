import { useMemo, type ReactNode } from 'react';
import { TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { fetchKnowledgeTree, knowledgeTreeKey } from '../lib/picker-queries';
import { knowledgeOptions } from '../lib/question-rules';

/**
 * Picks knowledge points from the organisation's tree (and the platform's, when it has one). The value
 * is the list of node ids; headings of the two trees cannot be picked.
 */
export function KnowledgePicker({
  value,
  onChange,
  id,
  placeholder = '选择知识点',
  'aria-label': ariaLabel = '知识点',
}: {
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
}): ReactNode {
  const own = useQuery({ queryKey: knowledgeTreeKey('org'), queryFn: () => fetchKnowledgeTree('org') });
  const platform = useQuery({
    queryKey: knowledgeTreeKey('platform'),
    queryFn: () => fetchKnowledgeTree('platform'),
  });
  const treeData = useMemo(
    () => knowledgeOptions(own.data ?? [], platform.data ?? []),
    [own.data, platform.data],
  );

  return (
    <TreeSelect<number[]>
      id={id}
      multiple
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      aria-label={ariaLabel}
      placeholder={placeholder}
      loading={own.isPending}
      notFoundContent={own.isPending ? '加载中....' : '暂无知识点，请先在知识点管理中新增'}
      style={{ width: '100%' }}
      value={value ?? []}
      onChange={(next) => onChange?.((next ?? []).filter((item): item is number => typeof item === 'number'))}
      treeData={treeData}
    />
  );
}
