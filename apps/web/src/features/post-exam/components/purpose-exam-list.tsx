import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Drawer, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PageError } from '../../../app/page-states';
import { formatWindow } from '../../../lib/time-format';
import {
  postExamKeys,
  publishPurposeExam,
  searchPurposeExams,
  type Purpose,
  type PurposeExamRow,
} from '../api';
import { AbilityResultsView } from './ability-results-view';
import { ExamCreateDialog } from './exam-create-dialog';
import { PostSelect } from './post-select';

const STATE_COLORS: Record<string, string> = {
  draft: 'default',
  upcoming: 'blue',
  ongoing: 'green',
  ended: 'purple',
};

/** The list's columns; post exams link to their results page, evaluations open the profile. */
function examColumns(
  purpose: Purpose,
  actions: {
    publishing: boolean;
    onPublish: (examId: number) => void;
    onProfile: (row: PurposeExamRow) => void;
  },
): ColumnsType<PurposeExamRow> {
  return [
    {
      title: '考试名称',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row: PurposeExamRow) =>
        purpose === 'post' ? <Link to={`/manage/exam/post/detail?examId=${row.examId}`}>{name}</Link> : name,
    },
    ...(purpose === 'post'
      ? [
          {
            title: '岗位',
            dataIndex: 'postName',
            key: 'postName',
            width: 140,
            render: (v: string | null) => v ?? '-',
          },
        ]
      : []),
    {
      title: '状态',
      dataIndex: 'stateLabel',
      key: 'state',
      width: 90,
      render: (label: string, row: PurposeExamRow) => <Tag color={STATE_COLORS[row.state]}>{label}</Tag>,
    },
    {
      title: '考试时间',
      key: 'window',
      width: 230,
      render: (_: unknown, row: PurposeExamRow) => formatWindow(row.startAt, row.endAt),
    },
    { title: '试卷', key: 'paper', render: (_: unknown, row: PurposeExamRow) => row.papers[0]?.name ?? '-' },
    {
      title: '考生 / 交卷 / 能力结果',
      key: 'counts',
      width: 170,
      render: (_: unknown, row: PurposeExamRow) =>
        `${row.candidateCount} / ${row.submittedCount} / ${row.measuredCount}`,
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_: unknown, row: PurposeExamRow) => (
        <Space size={0}>
          {row.status !== 1 ? (
            <Button
              type="link"
              size="small"
              loading={actions.publishing}
              onClick={() => actions.onPublish(row.examId)}
            >
              发布
            </Button>
          ) : null}
          {purpose === 'post' ? (
            <Link to={`/manage/exam/post/detail?examId=${row.examId}`}>能力结果</Link>
          ) : (
            <Button type="link" size="small" onClick={() => actions.onProfile(row)}>
              能力画像
            </Button>
          )}
        </Space>
      ),
    },
  ];
}

/**
 * The post exams (exam/post) or the evaluation exams (evaluate/exam/list): filters, paged list, new exam,
 * publish, and the per-ability results (a page for post exams, a drawer with the profile for evaluations).
 */
export function PurposeExamList({ purpose }: { purpose: Purpose }): ReactNode {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<{ postId?: number; keyword: string }>({ keyword: '' });
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [creating, setCreating] = useState(false);
  const [profileOf, setProfileOf] = useState<PurposeExamRow | null>(null);
  const list = useQuery({
    queryKey: postExamKeys.exams(purpose, filter.postId, filter.keyword, paging.page - 1, paging.size),
    queryFn: () => searchPurposeExams(purpose, filter, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
  });
  const publish = useMutation({
    mutationFn: (examId: number) => publishPurposeExam(purpose, examId),
    onSuccess: () => {
      message.success('考试已发布');
      void queryClient.invalidateQueries({ queryKey: postExamKeys.all });
    },
  });
  const columns = examColumns(purpose, {
    publishing: publish.isPending,
    onPublish: (examId) => publish.mutate(examId),
    onProfile: setProfileOf,
  });
  return (
    <Card size="small">
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          {purpose === 'post' ? (
            <PostSelect
              label="按岗位筛选"
              allowClear
              width={220}
              value={filter.postId}
              onChange={(postId) => {
                setFilter((f) => ({ ...f, postId }));
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            />
          ) : null}
          <Input.Search
            allowClear
            placeholder="搜索考试名称"
            aria-label="搜索考试名称"
            maxLength={50}
            style={{ width: 220 }}
            onSearch={(value) => {
              setFilter((f) => ({ ...f, keyword: value.trim() }));
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
        </Space>
        <Button type="primary" onClick={() => setCreating(true)} data-testid="purpose-exam-create">
          {purpose === 'post' ? '新建岗位考试' : '新建测评考试'}
        </Button>
      </Space>
      {list.isError ? (
        <PageError description="考试列表加载失败。" onRetry={() => void list.refetch()} />
      ) : (
        <Table<PurposeExamRow>
          size="small"
          rowKey="examId"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.data ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: purpose === 'post' ? '还没有岗位考试' : '还没有测评考试' }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (page, size) => setPaging({ page, size }),
          }}
        />
      )}
      <ExamCreateDialog purpose={purpose} open={creating} onClose={() => setCreating(false)} />
      <Drawer
        open={profileOf !== null}
        onClose={() => setProfileOf(null)}
        title={`能力画像：${profileOf?.name ?? ''}`}
        size="large"
        destroyOnHidden
      >
        {profileOf ? <AbilityResultsView purpose="evaluation" examId={profileOf.examId} /> : null}
      </Drawer>
    </Card>
  );
}
