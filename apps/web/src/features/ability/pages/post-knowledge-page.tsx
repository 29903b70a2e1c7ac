import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Select, Table, Tree } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KNOWLEDGE_MASTERY } from '@kaopei/shared';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { toast } from '../../../lib/feedback';
import { abilityKeys, fetchKnowledgeTree, fetchPostKnowledge, savePostKnowledge } from '../api';
import { knowledgeNames, knowledgeTreeOptions } from '../ability-rules';
import { PostSelect, usePostIdParam } from '../components/post-select';
import '../ability.css';

const MASTERY_OPTIONS = Object.entries(KNOWLEDGE_MASTERY).map(([value, label]) => ({
  value: Number(value),
  label,
}));
/** A newly checked point starts at 掌握. */
const DEFAULT_MASTERY = 3;

/** /manage/post/knowledge/edit: the post's knowledge map (points of the organisation's tree × mastery). */
export default function PostKnowledgePage(): ReactNode {
  const [postId, setPostId] = usePostIdParam();
  return (
    <div className="kp-page">
      <div className="kp-ability-toolbar" style={{ justifyContent: 'flex-start' }}>
        <label htmlFor="ability-post-select">岗位</label>
        <PostSelect value={postId} onChange={setPostId} />
      </div>
      {postId === undefined ? (
        <PageEmpty description="请选择岗位，编辑它需要的知识点" />
      ) : (
        <KnowledgeMapEditor key={postId} postId={postId} />
      )}
    </div>
  );
}

function KnowledgeMapEditor({ postId }: { postId: number }): ReactNode {
  const client = useQueryClient();
  const tree = useQuery({ queryKey: abilityKeys.knowledgeTree, queryFn: () => fetchKnowledgeTree('org') });
  const map = useQuery({
    queryKey: abilityKeys.knowledge(postId),
    queryFn: () => fetchPostKnowledge(postId),
  });
  const [mastery, setMastery] = useState<Map<number, number>>(new Map());
  useEffect(() => {
    if (map.data) setMastery(new Map(map.data.items.map((item) => [item.knowledgeId, item.mastery])));
  }, [map.data]);
  const names = useMemo(() => knowledgeNames(tree.data ?? []), [tree.data]);
  const treeData = useMemo(() => knowledgeTreeOptions(tree.data ?? []), [tree.data]);
  const save = useMutation({
    mutationFn: () =>
      savePostKnowledge(
        postId,
        [...mastery].map(([knowledgeId, level]) => ({ knowledgeId, mastery: level })),
      ),
    onSuccess: (saved) => {
      toast.success('岗位知识已保存');
      client.setQueryData(abilityKeys.knowledge(postId), saved);
    },
  });

  if (tree.isPending || map.isPending) return <PageLoading />;
  if (tree.isError || map.isError)
    return (
      <PageError
        description="岗位知识加载失败，请稍后重试。"
        onRetry={() => void Promise.all([tree.refetch(), map.refetch()])}
      />
    );
  if (treeData.length === 0) return <PageEmpty description="本组织还没有知识点，请先在知识点管理中新增" />;

  const rows = [...mastery].map(([knowledgeId, level]) => ({
    knowledgeId,
    name: names.get(knowledgeId) ?? `知识点 ${knowledgeId}`,
    mastery: level,
  }));

  return (
    <div className="kp-ability-library">
      <section className="kp-ability-dimensions" style={{ width: 320 }} aria-label="知识点树">
        <strong>勾选岗位需要的知识点</strong>
        <Tree
          checkable
          checkStrictly
          defaultExpandAll
          treeData={treeData}
          checkedKeys={[...mastery.keys()]}
          onCheck={(checked) => {
            const keys = (Array.isArray(checked) ? checked : checked.checked).map(Number);
            setMastery((current) => new Map(keys.map((key) => [key, current.get(key) ?? DEFAULT_MASTERY])));
          }}
        />
      </section>
      <section className="kp-ability-library__main" aria-label="已选知识点">
        <Table
          rowKey="knowledgeId"
          size="middle"
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: '还没有勾选知识点' }}
          columns={[
            { title: '知识点', dataIndex: 'name', key: 'name' },
            {
              title: '要求掌握程度',
              key: 'mastery',
              width: 180,
              render: (_: unknown, row: (typeof rows)[number]) => (
                <Select<number>
                  aria-label={`${row.name}的掌握程度`}
                  style={{ width: 120 }}
                  value={row.mastery}
                  options={MASTERY_OPTIONS}
                  onChange={(level) => setMastery((current) => new Map(current).set(row.knowledgeId, level))}
                />
              ),
            },
          ]}
        />
        <div className="kp-ability-model__footer">
          <span>已选 {rows.length} 个知识点</span>
          <Button type="primary" loading={save.isPending} onClick={() => save.mutate()}>
            保存
          </Button>
        </div>
      </section>
    </div>
  );
}
