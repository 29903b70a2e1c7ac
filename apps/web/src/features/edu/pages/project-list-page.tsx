import { useState, type ReactNode } from 'react';
import { useOutletContext } from 'react-router';
import { Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { PageError } from '../../../app/page-states';
import { DataTable, useListPage, type DataTableToolbarButton } from '../../../components/data-table';
import { toast } from '../../../lib/feedback';
import type { AccountDetail } from '../../account/api';
import { deleteProjects, eduKeys, fetchProjects, PROJECT_STATUSES, type EduProject } from '../api';
import { ProjectDetailDrawer } from '../components/project-detail-drawer';
import { ProjectFormDialog } from '../components/project-form-dialog';
import { projectColumns } from './project-columns';

interface ProjectFilter {
  status: number | undefined;
  keyword: string;
}

/** The project list: status and keyword filter, paging, selection and delete. */
function useProjectList() {
  return useListPage({
    initialFilter: { status: undefined, keyword: '' } as ProjectFilter,
    queryKey: (filter, page, size) => eduKeys.list({ ...filter, page, size }),
    fetchPage: (filter, page, size) => fetchProjects({ ...filter, page, size }),
    rowKey: 'projectId',
    invalidate: [eduKeys.all],
    remove: (projects: EduProject[]) => deleteProjects(projects.map((p) => p.projectId)),
    onRemoved: (count) => toast.success(`已删除 ${count} 个项目`),
  });
}

/** 产教融合项目 with the organisation's name, and the status and keyword filters. */
function ProjectListHeader(props: {
  organizationName: string;
  status: number | undefined;
  onFilter: (patch: Partial<ProjectFilter>) => void;
}): ReactNode {
  const { organizationName, status, onFilter } = props;
  const [keywordInput, setKeywordInput] = useState('');
  return (
    <header className="kp-edu__list-header">
      <div>
        <Typography.Title level={3} className="kp-edu__heading">
          产教融合项目
        </Typography.Title>
        <Typography.Text type="secondary">{organizationName}</Typography.Text>
      </div>
      <Space wrap className="kp-edu__filters">
        <Select
          value={status}
          onChange={(value: number | undefined) => onFilter({ status: value })}
          options={PROJECT_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
          placeholder="全部状态"
          allowClear
          className="kp-edu__status-filter"
          aria-label="状态筛选"
        />
        <Input.Search
          value={keywordInput}
          onChange={(event) => setKeywordInput(event.target.value)}
          onSearch={(value) => onFilter({ keyword: value.trim() })}
          placeholder="搜索项目名称"
          allowClear
          maxLength={100}
          className="kp-edu__search"
        />
      </Space>
    </header>
  );
}

/** /eduIndusty/project/list: the organisation's 产教融合 projects. */
export default function ProjectListPage(): ReactNode {
  const user = useOutletContext<AccountDetail>();
  const canEdit = user.isAdmin;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ projectId?: number } | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const list = useProjectList();

  const confirmDelete = (projects: EduProject[]) =>
    list.confirmDelete(projects, {
      title:
        projects.length === 1
          ? `删除项目「${projects[0]?.name ?? ''}」？`
          : `删除选中的 ${projects.length} 个项目？`,
      content: '项目及其成员单位将一并删除，且无法恢复。',
    });
  const columns = projectColumns(
    canEdit
      ? {
          view: setViewing,
          edit: (projectId) => setEditing({ projectId }),
          remove: (project) => confirmDelete([project]),
        }
      : { view: setViewing },
  );
  const toolbar: DataTableToolbarButton<EduProject>[] = [
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
      onClick: (chosen) => confirmDelete(chosen),
    },
  ];

  return (
    <div className="kp-edu__list">
      <ProjectListHeader
        organizationName={user.organizationName}
        status={list.filter.status}
        onFilter={list.updateFilter}
      />
      {list.query.isError && !list.query.data ? (
        <PageError description="项目列表加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<EduProject>
          {...list.tableProps}
          columns={columns}
          selectable={canEdit}
          showIndex
          scrollX={960}
          toolbar={canEdit ? toolbar : undefined}
        />
      )}
      <ProjectFormDialog
        open={editing !== null}
        projectId={editing?.projectId}
        onClose={() => setEditing(null)}
        onSaved={(project) => {
          setEditing(null);
          queryClient.setQueryData(eduKeys.detail(project.projectId), project);
          void list.refresh();
        }}
      />
      <ProjectDetailDrawer projectId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
