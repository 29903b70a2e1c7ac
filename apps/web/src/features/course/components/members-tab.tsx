import { useState, type Key, type ReactNode } from 'react';
import { App, Button, Form, Input, Modal, Progress, Select, Space, Tag, TreeSelect, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MEMBER_STATE_LABELS, type MemberState } from '@kaopei/shared/contracts/course';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { FilterButtons } from '../../../components/filter-buttons';
import { PageError } from '../../../app/page-states';
import { formatDateTime } from '../../../lib/time-format';
import {
  courseKeys,
  deleteGroup,
  exportMembers,
  fetchGroups,
  fetchMembers,
  removeMembers,
  saveGroup,
  setMembersGroup,
  type CourseGroupRow,
  type CourseMemberRow,
  type MemberFilter,
} from '../api';
import { useDepartmentTree } from '../../../components/use-department-tree';
import { AddMembersDialog } from './add-members-dialog';

const STATE_COLORS: Record<MemberState, string> = {
  not_started: 'default',
  learning: 'blue',
  completed: 'green',
};
const SOURCE_LABELS: Record<string, string> = {
  department: '按部门',
  staff: '指定',
  tag: '按标签',
  self: '自主报名',
};


const COLUMNS: DataTableColumn<CourseMemberRow>[] = [
  { title: '姓名', dataIndex: 'realName' },
  { title: '账号', dataIndex: 'account' },
  { title: '部门', dataIndex: 'departmentName', render: (_v, r) => r.departmentName ?? '—' },
  { title: '班级', dataIndex: 'groupName', render: (_v, r) => r.groupName ?? '—' },
  { title: '来源', dataIndex: 'source', width: 90, render: (_v, r) => SOURCE_LABELS[r.source] ?? r.source },
  {
    title: '状态',
    dataIndex: 'state',
    width: 90,
    render: (_v, r) => <Tag color={STATE_COLORS[r.state]}>{MEMBER_STATE_LABELS[r.state]}</Tag>,
  },
  {
    title: '进度',
    dataIndex: 'progressPercent',
    width: 140,
    render: (_v, r) => (
      <Progress percent={r.progressPercent} size="small" aria-label={`${r.realName}的进度`} />
    ),
  },
  { title: '开始学习', dataIndex: 'startedAt', render: (_v, r) => formatDateTime(r.startedAt) || '—' },
  { title: '完成时间', dataIndex: 'completedAt', render: (_v, r) => formatDateTime(r.completedAt) || '—' },
  {
    title: '最近学习',
    dataIndex: 'lastStudiedAt',
    render: (_v, r) => formatDateTime(r.lastStudiedAt) || '—',
  },
];

function GroupsBar({ courseId, groups }: { courseId: number; groups: CourseGroupRow[] }): ReactNode {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [naming, setNaming] = useState<CourseGroupRow | 'new' | null>(null);
  const [name, setName] = useState('');
  const changed = () => void queryClient.invalidateQueries({ queryKey: courseKeys.all });
  const save = useMutation({
    mutationFn: () => saveGroup(courseId, naming && naming !== 'new' ? naming.groupId : null, name.trim()),
    onSuccess: (group) => {
      message.success(`已保存班级「${group.name}」`);
      setNaming(null);
      changed();
    },
  });
  const remove = useMutation({
    mutationFn: (group: CourseGroupRow) => deleteGroup(group.groupId),
    onSuccess: () => changed(),
  });
  return (
    <Space wrap aria-label="班级">
      <Typography.Text type="secondary">班级：</Typography.Text>
      {groups.length === 0 ? <Typography.Text type="secondary">暂无</Typography.Text> : null}
      {groups.map((g) => (
        <Tag
          key={g.groupId}
          closable
          onClose={(event) => {
            event.preventDefault();
            modal.confirm({
              title: `删除班级「${g.name}」？`,
              content: '班级中的学员仍留在课程中。',
              okText: '删除',
              cancelText: '取消',
              onOk: () => remove.mutateAsync(g),
            });
          }}
        >
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto' }}
            onClick={() => {
              setName(g.name);
              setNaming(g);
            }}
          >
            {g.name}（{g.memberCount}）
          </Button>
        </Tag>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => {
          setName('');
          setNaming('new');
        }}
      >
        新建班级
      </Button>
      <Modal
        open={naming !== null}
        title={naming === 'new' ? '新建班级' : '重命名班级'}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        okButtonProps={{ disabled: name.trim() === '' }}
        onCancel={() => setNaming(null)}
        onOk={() => save.mutate()}
      >
        <Input aria-label="班级名称" value={name} maxLength={50} onChange={(e) => setName(e.target.value)} />
      </Modal>
    </Space>
  );
}

type MemberFilterValues = Omit<MemberFilter, 'courseId'>;

function MemberFilterForm({
  groupOptions,
  onSearch,
}: {
  groupOptions: { value: number; label: string }[];
  onSearch: (values: MemberFilterValues) => void;
}): ReactNode {
  const [form] = Form.useForm<MemberFilterValues>();
  const { treeData } = useDepartmentTree();
  return (
    <Form
      form={form}
      layout="inline"
      name="kp-member-filter"
      aria-label="学员筛选"
      onFinish={(values) => onSearch({ ...values, keyword: values.keyword?.trim() || undefined })}
    >
      <Form.Item name="keyword">
        <Input allowClear placeholder="姓名 / 账号 / 工号" aria-label="学员关键词" style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="departmentId">
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          placeholder="部门"
          aria-label="部门"
          style={{ width: 150 }}
          treeData={treeData}
        />
      </Form.Item>
      <Form.Item name="groupId">
        <Select
          allowClear
          placeholder="班级"
          aria-label="班级"
          style={{ width: 110 }}
          options={groupOptions}
        />
      </Form.Item>
      <Form.Item name="state">
        <Select
          allowClear
          placeholder="学习状态"
          aria-label="学习状态"
          style={{ width: 110 }}
          options={(Object.entries(MEMBER_STATE_LABELS) as [MemberState, string][]).map(([value, label]) => ({
            value,
            label,
          }))}
        />
      </Form.Item>
      <FilterButtons icon={<SearchOutlined />} onReset={() => onSearch({})} />
    </Form>
  );
}

/** The 学员 tab: members with progress, filters, enrolment, groups, removal and export. */
export function MembersTab({ courseId }: { courseId: number }): ReactNode {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<MemberFilter>({ courseId });
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const [selected, setSelected] = useState<Key[]>([]);
  const [adding, setAdding] = useState(false);
  const members = useQuery({
    queryKey: courseKeys.members(filter, paging.page - 1, paging.size),
    queryFn: () => fetchMembers(filter, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
  });
  const groups = useQuery({ queryKey: courseKeys.groups(courseId), queryFn: () => fetchGroups(courseId) });
  const changed = () => void queryClient.invalidateQueries({ queryKey: courseKeys.all });
  const userIds = selected.map(Number);
  const remove = useMutation({
    mutationFn: () => removeMembers(courseId, userIds),
    onSuccess: ({ count }) => {
      message.success(`已移除 ${count} 名学员`);
      setSelected([]);
      changed();
    },
  });
  const group = useMutation({
    mutationFn: (groupId: number) => setMembersGroup(courseId, userIds, groupId),
    onSuccess: ({ count }) => {
      message.success(`已调整 ${count} 名学员的班级`);
      setSelected([]);
      changed();
    },
  });
  const groupOptions = [
    { value: 0, label: '未分班' },
    ...(groups.data ?? []).map((g) => ({ value: g.groupId, label: g.name })),
  ];

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <GroupsBar courseId={courseId} groups={groups.data ?? []} />
      <div className="kp-course-detail__bar">
        <MemberFilterForm
          groupOptions={groupOptions}
          onSearch={(values) => {
            setFilter({ courseId, ...values });
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            添加学员
          </Button>
          <Select
            placeholder="分配班级"
            aria-label="把选中的学员分配到班级"
            disabled={userIds.length === 0}
            value={null}
            style={{ width: 120 }}
            options={groupOptions}
            onChange={(groupId: number) => group.mutate(groupId)}
          />
          <Button
            danger
            disabled={userIds.length === 0}
            onClick={() =>
              modal.confirm({
                title: `移除选中的 ${userIds.length} 名学员？`,
                content: '他们在本课程的学习记录将一并删除。',
                okText: '移除',
                okButtonProps: { danger: true },
                cancelText: '取消',
                onOk: () => remove.mutateAsync(),
              })
            }
          >
            移除
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void exportMembers(filter).catch(() => undefined)}
          >
            导出
          </Button>
        </Space>
      </div>
      {members.isError ? (
        <PageError description="学员加载失败" onRetry={() => void members.refetch()} />
      ) : (
        <DataTable<CourseMemberRow>
          rowKey="userId"
          columns={COLUMNS}
          dataSource={members.data?.data ?? []}
          total={members.data?.total ?? 0}
          loading={members.isFetching}
          pagination={paging}
          onPageChange={(page, size) => setPaging({ page, size })}
          selectable
          selectedRowKeys={selected}
          onSelectionChange={(keys) => setSelected(keys)}
          autoHeight={false}
          scrollX={1200}
        />
      )}
      <AddMembersDialog
        courseId={courseId}
        open={adding}
        onClose={(added) => {
          setAdding(false);
          if (added) changed();
        }}
      />
    </Space>
  );
}
