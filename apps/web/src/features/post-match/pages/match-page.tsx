import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Input,
  Progress,
  Row,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Tree,
  Typography,
} from 'antd';
import type { DataNode } from 'antd/es/tree';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import {
  fetchMatchPosts,
  fetchMatchTree,
  fetchRanking,
  postMatchKeys,
  type MatchPostOption,
  type MatchTreeNode,
  type RankingQuery,
  type RankingRow,
} from '../api';
import { RatingDialog } from '../components/rating-dialog';
import { bandColor, numberParam } from '../match-format';
import '../post-match.css';

type ScopeChoice = 'all' | 'department' | 'post' | 'succession';

const SCOPES: { value: ScopeChoice; label: string }[] = [
  { value: 'all', label: '全组织' },
  { value: 'department', label: '所选部门' },
  { value: 'post', label: '在岗人员' },
  { value: 'succession', label: '继任候选' },
];

function treeData(nodes: MatchTreeNode[]): DataNode[] {
  return nodes.map((node) => ({
    key: node.departmentId,
    title: (
      <span className="kp-match-tree__node">
        <span>{node.name}</span>
        <Typography.Text type="secondary" className="kp-match-tree__figures">
          {node.averageMatchRate === null ? '未测评' : `平均 ${node.averageMatchRate}%`} ·{' '}
          {node.measuredCount}/{node.staffCount} 人{node.holderCount > 0 ? ` · 在岗 ${node.holderCount}` : ''}
        </Typography.Text>
      </span>
    ),
    children: node.children.length ? treeData(node.children) : undefined,
  }));
}

/** 人岗匹配: rank a department's staff (or everyone, or the post's holders) against a post. */
export default function MatchPage(): ReactNode {
  const [params, setParams] = useSearchParams();
  const posts = useQuery({ queryKey: postMatchKeys.posts, queryFn: fetchMatchPosts });
  const postId = numberParam(params.get('postId')) ?? posts.data?.find((p) => p.abilityCount > 0)?.postId;
  const [scope, setScope] = useState<ScopeChoice>('all');
  const [departmentId, setDepartmentId] = useState<number>();
  const [includeSub, setIncludeSub] = useState(true);
  const [keyword, setKeyword] = useState<string>();
  const [paging, setPaging] = useState({ page: 0, size: 20 });
  const [rating, setRating] = useState<RankingRow | null>(null);

  const tree = useQuery({
    queryKey: postMatchKeys.tree(postId ?? 0),
    queryFn: () => fetchMatchTree(postId!),
    enabled: postId !== undefined,
  });
  const query: RankingQuery | undefined =
    postId === undefined || (scope === 'department' && departmentId === undefined)
      ? undefined
      : {
          postId,
          scope: scope === 'succession' ? 'all' : scope,
          excludeHolders: scope === 'succession' ? true : undefined,
          departmentId: scope === 'department' ? departmentId : undefined,
          includeSubDepartments: scope === 'department' ? includeSub : undefined,
          keyword,
          ...paging,
        };
  const ranking = useQuery({
    queryKey: postMatchKeys.ranking(query ?? { postId: 0 }),
    queryFn: () => fetchRanking(query!),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });

  if (posts.isLoading) return <PageLoading />;
  if (posts.isError) return <PageError onRetry={() => void posts.refetch()} />;
  if (!posts.data?.length)
    return <PageEmpty description="还没有岗位：先在岗位列表中建立岗位并配置能力模型" />;

  const selectPost = (value: number) => {
    setParams({ postId: String(value) });
    setPaging((p) => ({ ...p, page: 0 }));
  };

  return (
    <div className="kp-match">
      <PostToolbar posts={posts.data} postId={postId} onSelect={selectPost} />
      <Row gutter={16}>
        <Col xs={24} lg={8}>
          <DepartmentMatchTree
            tree={tree}
            departmentId={departmentId}
            onSelect={(id) => {
              setDepartmentId(id);
              if (id !== undefined) setScope('department');
              setPaging((p) => ({ ...p, page: 0 }));
            }}
          />
        </Col>
        <Col xs={24} lg={16}>
          <Card
            size="small"
            title="匹配排名"
            extra={
              <Space wrap>
                <Segmented<ScopeChoice>
                  aria-label="排名范围"
                  value={scope}
                  options={SCOPES}
                  onChange={(value) => {
                    setScope(value);
                    setPaging((p) => ({ ...p, page: 0 }));
                  }}
                />
                {scope === 'department' ? (
                  <Checkbox checked={includeSub} onChange={(e) => setIncludeSub(e.target.checked)}>
                    含下级部门
                  </Checkbox>
                ) : null}
                <Input.Search
                  aria-label="搜索姓名或工号"
                  placeholder="姓名或工号"
                  allowClear
                  style={{ width: 160 }}
                  onSearch={(value) => {
                    setKeyword(value.trim() || undefined);
                    setPaging((p) => ({ ...p, page: 0 }));
                  }}
                />
              </Space>
            }
          >
            {scope === 'department' && departmentId === undefined ? (
              <PageEmpty description="在左侧选择一个部门" />
            ) : ranking.isError ? (
              <PageError onRetry={() => void ranking.refetch()} />
            ) : (
              <RankingTable
                postId={postId}
                rows={ranking.data?.data ?? []}
                total={ranking.data?.total ?? 0}
                loading={ranking.isFetching}
                paging={paging}
                onPage={(page, size) => setPaging({ page: page - 1, size })}
                onRate={setRating}
              />
            )}
          </Card>
        </Col>
      </Row>
      {rating ? (
        <RatingDialog
          userId={rating.userId}
          realName={rating.realName}
          open
          onClose={() => setRating(null)}
        />
      ) : null}
    </div>
  );
}

function PostToolbar({
  posts,
  postId,
  onSelect,
}: {
  posts: MatchPostOption[];
  postId: number | undefined;
  onSelect: (postId: number) => void;
}): ReactNode {
  const post = posts.find((p) => p.postId === postId);
  return (
    <Card size="small" className="kp-match__toolbar">
      <Space wrap>
        <label htmlFor="kp-match-post">岗位</label>
        <Select
          id="kp-match-post"
          style={{ width: 240 }}
          value={postId}
          showSearch
          optionFilterProp="label"
          onChange={onSelect}
          options={posts.map((p) => ({
            value: p.postId,
            label: `${p.name}（${p.abilityCount} 项能力）`,
            disabled: p.abilityCount === 0,
          }))}
        />
        {post ? <Typography.Text type="secondary">在岗 {post.holderCount} 人</Typography.Text> : null}
        <Link to="/manage/post/ability/analysis">查看能力热力图</Link>
      </Space>
    </Card>
  );
}

function DepartmentMatchTree({
  tree,
  departmentId,
  onSelect,
}: {
  tree: UseQueryResult<MatchTreeNode[]>;
  departmentId: number | undefined;
  onSelect: (departmentId: number | undefined) => void;
}): ReactNode {
  const nodes = useMemo(() => treeData(tree.data ?? []), [tree.data]);
  return (
    <Card size="small" title="部门平均匹配度" className="kp-match__tree">
      {tree.isLoading ? (
        <PageLoading />
      ) : tree.isError ? (
        <PageError onRetry={() => void tree.refetch()} />
      ) : nodes.length === 0 ? (
        <PageEmpty description="还没有部门" />
      ) : (
        <Tree
          blockNode
          defaultExpandAll
          treeData={nodes}
          selectedKeys={departmentId ? [departmentId] : []}
          onSelect={(keys) => onSelect(keys[0] === undefined ? undefined : Number(keys[0]))}
        />
      )}
      <Typography.Paragraph type="secondary" className="kp-match__note">
        平均匹配度只计已测评（该岗位模型中至少一项能力有等级）的人员，含下级部门。
      </Typography.Paragraph>
    </Card>
  );
}

function RankingTable({
  postId,
  rows,
  total,
  loading,
  paging,
  onPage,
  onRate,
}: {
  postId: number | undefined;
  rows: RankingRow[];
  total: number;
  loading: boolean;
  paging: { page: number; size: number };
  onPage: (page: number, size: number) => void;
  onRate: (row: RankingRow) => void;
}): ReactNode {
  return (
    <Table<RankingRow>
      rowKey="userId"
      size="small"
      loading={loading}
      dataSource={rows}
      scroll={{ x: 860 }}
      locale={{ emptyText: '范围内没有在职人员' }}
      pagination={{
        current: paging.page + 1,
        pageSize: paging.size,
        total,
        showSizeChanger: true,
        showTotal: (n) => `共 ${n} 人`,
        onChange: onPage,
      }}
      columns={[
        { title: '排名', dataIndex: 'rank', width: 64 },
        { title: '姓名', dataIndex: 'realName', width: 100 },
        { title: '工号', dataIndex: 'jobNumber', width: 100, render: (v: string | null) => v ?? '—' },
        { title: '部门', dataIndex: 'departmentName', render: (v: string | null) => v ?? '—' },
        { title: '现岗位', dataIndex: 'postName', render: (v: string | null) => v ?? '—' },
        {
          title: '匹配度',
          dataIndex: 'matchRate',
          width: 170,
          render: (rate: number, row) => (
            <Space size={4}>
              <Progress percent={rate} size="small" showInfo={false} style={{ width: 70 }} aria-hidden />
              <span>{rate}%</span>
              <Tag color={bandColor(row.band)}>{row.band}</Tag>
            </Space>
          ),
        },
        {
          title: '达标 / 差距 / 未测',
          width: 130,
          render: (_, row) => `${row.metCount} / ${row.gapCount} / ${row.unmeasuredCount}`,
        },
        {
          title: '操作',
          width: 130,
          fixed: 'right',
          render: (_, row) => (
            <Space size={4}>
              <Link to={`/manage/post/match/detail?postId=${postId}&userId=${row.userId}`}>详情</Link>
              <Button type="link" size="small" onClick={() => onRate(row)}>
                评定
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
