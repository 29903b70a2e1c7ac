import { useState, type ReactNode } from 'react';
import { App, Button, Card, Descriptions, Modal, Space, Table, Tag, Typography } from 'antd';
import { EditOutlined, ShareAltOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import {
  fetchPost,
  fetchPostStaff,
  postKeys,
  shareLink,
  sharePost,
  unsharePost,
  type PostDetail,
  type PostStaffRow,
} from '../api';
import { PostFormModal } from '../components/post-form-modal';
import { staffingText } from '../post-rules';
import '../post.css';
import { ColorTag } from '../../../components/color-tag';

type Ability = PostDetail['abilities'][number];

const STAFF_COLUMNS: DataTableColumn<PostStaffRow>[] = [
  { title: '姓名', dataIndex: 'realName' },
  { title: '账号', dataIndex: 'account' },
  { title: '工号', dataIndex: 'jobNumber', render: (_v, row) => row.jobNumber ?? '—' },
  { title: '部门', dataIndex: 'departmentName', render: (_v, row) => row.departmentName ?? '—' },
  {
    title: '状态',
    dataIndex: 'status',
    width: 80,
    render: (_v, row) => (row.status === 0 ? <Tag color="green">在职</Tag> : <Tag>离职</Tag>),
  },
];

function Paragraphs({ text }: { text: string | null }): ReactNode {
  if (!text) return <Typography.Text type="secondary">未填写</Typography.Text>;
  return <div className="kp-post-detail__text">{text}</div>;
}

function AbilityCard({ post }: { post: PostDetail }): ReactNode {
  return (
    <Card
      title="能力模型"
      size="small"
      extra={
        <Space wrap>
          <Link to={`/manage/post/ability?postId=${post.postId}`}>编辑能力模型</Link>
          <Link to={`/manage/post/knowledge/edit?postId=${post.postId}`}>岗位知识</Link>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        知识点 {post.knowledgeCount} 个 · 岗位试卷 {post.paperCount} 份
      </Typography.Paragraph>
      {post.abilities.length === 0 ? (
        <PageEmpty description="尚未设置能力模型" />
      ) : (
        <Table<Ability>
          size="small"
          rowKey="abilityId"
          pagination={false}
          dataSource={post.abilities}
          columns={[
            { title: '维度', dataIndex: 'dimensionName' },
            { title: '能力', dataIndex: 'name' },
            { title: '要求等级', dataIndex: 'requiredLevel', render: (level: number) => `L${level}` },
            { title: '权重', dataIndex: 'weight', render: (weight: number) => `${weight}%` },
          ]}
        />
      )}
    </Card>
  );
}

function StaffCard({ postId }: { postId: number }): ReactNode {
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const staff = useQuery({
    queryKey: postKeys.staff(postId, paging.page - 1, paging.size),
    queryFn: () => fetchPostStaff(postId, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title="岗位员工" size="small">
      {staff.isError ? (
        <PageError description="员工加载失败" onRetry={() => void staff.refetch()} />
      ) : (
        <DataTable<PostStaffRow>
          rowKey="userId"
          columns={STAFF_COLUMNS}
          dataSource={staff.data?.data ?? []}
          total={staff.data?.total ?? 0}
          loading={staff.isPending}
          pagination={paging}
          onPageChange={(page, size) => setPaging({ page, size })}
          autoHeight={false}
        />
      )}
    </Card>
  );
}

function ShareButton({ post }: { post: PostDetail }): ReactNode {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const changed = () => void queryClient.invalidateQueries({ queryKey: postKeys.all });
  const share = useMutation({
    mutationFn: () => sharePost(post.postId),
    onSuccess: () => {
      setOpen(true);
      changed();
    },
  });
  const unshare = useMutation({
    mutationFn: () => unsharePost(post.postId),
    onSuccess: () => {
      message.success('已取消分享，原链接已失效');
      setOpen(false);
      changed();
    },
  });
  const token = share.data?.shareToken ?? post.shareToken;
  return (
    <>
      <Button icon={<ShareAltOutlined />} loading={share.isPending} onClick={() => share.mutate()}>
        分享岗位
      </Button>
      <Modal
        open={open && token !== null}
        title="分享岗位"
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="unshare" danger loading={unshare.isPending} onClick={() => unshare.mutate()}>
            取消分享
          </Button>,
          <Button key="close" type="primary" onClick={() => setOpen(false)}>
            完成
          </Button>,
        ]}
      >
        <Typography.Paragraph>
          任何人都可以通过下面的链接查看该岗位的公开说明（不含员工信息）：
        </Typography.Paragraph>
        {token ? (
          <Typography.Paragraph
            code
            copyable={{ text: shareLink(token), tooltips: ['复制链接', '已复制'] }}
            data-testid="post-share-link"
          >
            {shareLink(token)}
          </Typography.Paragraph>
        ) : null}
      </Modal>
    </>
  );
}

/** /manage/post/detail?postId=: the post's fields, departments, tags, ability model summary and staff. */
export default function PostDetailPage(): ReactNode {
  const [params] = useSearchParams();
  const postId = Number(params.get('postId'));
  const valid = Number.isInteger(postId) && postId > 0;
  const [editing, setEditing] = useState(false);
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: postKeys.detail(postId),
    queryFn: () => fetchPost(postId),
    enabled: valid,
  });

  if (!valid) return <PageEmpty description="未指定岗位，请从岗位列表进入。" />;
  if (detail.isError)
    return <PageError description="岗位加载失败或已被删除。" onRetry={() => void detail.refetch()} />;
  if (detail.isPending) return <PageLoading />;
  const post = detail.data;

  return (
    <div className="kp-page kp-post-detail">
      <Card
        size="small"
        title={
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {post.name}
            </Typography.Title>
            {post.code ? <Tag>{post.code}</Tag> : null}
            {post.shared ? <Tag color="blue">已分享</Tag> : null}
          </Space>
        }
        extra={
          <Space wrap>
            <Link to="/manage/post/list">返回列表</Link>
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              编辑
            </Button>
            <ShareButton post={post} />
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="岗位序列">{post.familyPath || '未归类'}</Descriptions.Item>
          <Descriptions.Item label="职级">{post.grade ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="在岗 / 编制">
            {staffingText(post.staffCount, post.headcount)}
          </Descriptions.Item>
          <Descriptions.Item label="所属部门">
            {post.departments.map((d) => d.name).join('、') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label="岗位标签">
            {post.tags.length === 0
              ? '—'
              : post.tags.map((t) => (
                  <ColorTag key={t.tagId} color={t.color}>
                    {t.name}
                  </ColorTag>
                ))}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <div className="kp-post-detail__grid">
        <Card title="岗位职责" size="small">
          <Paragraphs text={post.duties} />
        </Card>
        <Card title="任职要求" size="small">
          <Paragraphs text={post.requirements} />
        </Card>
      </div>
      {post.description ? (
        <Card title="岗位描述" size="small">
          <Paragraphs text={post.description} />
        </Card>
      ) : null}
      <AbilityCard post={post} />
      <StaffCard postId={post.postId} />
      <PostFormModal
        open={editing}
        postId={post.postId}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          void queryClient.invalidateQueries({ queryKey: postKeys.all });
        }}
      />
    </div>
  );
}
