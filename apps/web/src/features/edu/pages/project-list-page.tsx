import { useState, type Key, type ReactNode } from 'react';
import { useOutletContext } from 'react-router';
import { Button, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE } from '@kaopei/shared';
import { PageError } from '../../../app/page-states';
import { DataTable, pageAfterDelete, type DataTableColumn } from '../../../components/data-table';
import { toast } from '../../../lib/feedback';
import type { AccountDetail } from '../../account/api';
import { deleteProjects, eduKeys, fetchProjects, PROJECT_STATUSES, type EduProject } from '../api';
import { formatPeriod, ProjectDetailDrawer } from '../components/project-detail-drawer';
import { ProjectFormDialog } from '../components/project-form-dialog';

/** /eduIndusty/project/list: the organisation's 产教融合 projects. */
export default function ProjectListPage(): ReactNode {
  const user = useOutletContext<AccountDetail>();
  const canEdit = user.isAdmin;
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<number | undefined>();
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<{ projectId?: number } | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);

  const filter = { status, keyword, page: paging.page - 1, size: paging.size };
  const list = useQuery({
    queryKey: eduKeys.list(filter),
    queryFn: () => fetchProjects(filter),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;

  const refresh = () => queryClient.invalidateQueries({ queryKey: eduKeys.all });

  const remove = (ids: number[], names: string[]) => {
    Modal.confirm({
      title: ids.length === 1 ? `删除项目「${names[0]}」？` : `删除选中的 ${ids.length} 个项目？`,
      content: '项目及其成员单位将一并删除，且无法恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          const count = await deleteProjects(ids);
          toast.success(`已删除 ${count} 个项目`);
          setSelected((current) => current.filter((key) => !ids.includes(Number(key))));
          const onPage = rows.filter((row) => ids.includes(row.projectId)).length;
          const page = pageAfterDelete(paging.page, rows.length - onPage);
          if (page !== paging.page) setPaging((p) => ({ ...p, page }));
          await refresh();
        } catch {
          // The HTTP client has shown the reason.
        }
      },
    });
  };

  const columns: DataTableColumn<EduProject>[] = [
    {
      title: '项目名称',
      dataIndex: 'name',
      render: (_value, record) => (
        <Button type="link" className="kp-edu__name-link" onClick={() => setViewing(record.projectId)}>
          {record.name}
        </Button>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 96,
      render: (_value, record) => (
        <Tag color={PROJECT_STATUSES.find((s) => s.value === record.status)?.color}>{record.statusName}</Tag>
      ),
    },
    {
      title: '起止日期',
      key: 'period',
      width: 220,
      render: (_value, record) => formatPeriod(record.startDate, record.endDate),
    },
    { title: '成员单位', dataIndex: 'memberCount', width: 96 },
    {
      title: '创建人',
      dataIndex: 'createdByName',
      width: 110,
      render: (value) => (value as string | null) ?? '—',
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: 150,
      render: (value) => dayjs(value as number).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'actions',
      width: canEdit ? 170 : 80,
      fixed: 'right',
      render: (_value, record) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(record.projectId)}>
            查看
          </Button>
          {canEdit ? (
            <>
              <Button type="link" size="small" onClick={() => setEditing({ projectId: record.projectId })}>
                编辑
              </Button>
              <Button
                type="link"
                size="small"
                danger
                onClick={() => remove([record.projectId], [record.name])}
              >
                删除
              </Button>
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div className="kp-edu__list">
      <header className="kp-edu__list-header">
        <div>
          <Typography.Title level={3} className="kp-edu__heading">
            产教融合项目
          </Typography.Title>
          <Typography.Text type="secondary">{user.organizationName}</Typography.Text>
        </div>
        <Space wrap className="kp-edu__filters">
          <Select
            value={status}
            onChange={(value: number | undefined) => {
              setStatus(value);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={PROJECT_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
            placeholder="全部状态"
            allowClear
            className="kp-edu__status-filter"
            aria-label="状态筛选"
          />
          <Input.Search
            value={keywordInput}
            onChange={(event) => setKeywordInput(event.target.value)}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            placeholder="搜索项目名称"
            allowClear
            maxLength={100}
            className="kp-edu__search"
          />
        </Space>
      </header>
      {list.isError && !list.data ? (
        <PageError description="项目列表加载失败，请稍后重试。" onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<EduProject>
          rowKey="projectId"
          columns={columns}
          dataSource={rows}
          total={total}
          loading={list.isFetching}
          pagination={paging}
          onPageChange={(page, size) => setPaging({ page, size })}
          selectable={canEdit}
          selectedRowKeys={selected}
          onSelectionChange={(keys) => setSelected(keys)}
          showIndex
          autoHeight={false}
          scrollX={960}
          toolbar={
            canEdit
              ? [
                  {
                    id: 'edu-project-add',
                    label: '新建项目',
                    type: 'primary',
                    icon: <PlusOutlined />,
                    onClick: () => setEditing({}),
                  },
                  {
                    id: 'edu-project-delete',
                    label: '批量删除',
                    danger: true,
                    icon: <DeleteOutlined />,
                    disabled: (chosen) => chosen.length === 0,
                    onClick: (chosen) =>
                      remove(
                        chosen.map((row) => row.projectId),
                        chosen.map((row) => row.name),
                      ),
                  },
                ]
              : undefined
          }
        />
      )}
      <ProjectFormDialog
        open={editing !== null}
        projectId={editing?.projectId}
        onClose={() => setEditing(null)}
        onSaved={(project) => {
          setEditing(null);
          queryClient.setQueryData(eduKeys.detail(project.projectId), project);
          void refresh();
        }}
      />
      <ProjectDetailDrawer projectId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
