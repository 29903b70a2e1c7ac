import type { ReactNode } from 'react';
import { Descriptions, Drawer, Empty, Skeleton, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { PageError } from '../../../app/page-states';
import { eduKeys, fetchProject, PROJECT_STATUSES, type EduMember } from '../api';

export function formatPeriod(start: string | null, end: string | null): string {
  if (!start && !end) return '—';
  return `${start ?? '未定'} 至 ${end ?? '未定'}`;
}

/** A project with its member organisations and contacts. */
export function ProjectDetailDrawer({
  projectId,
  onClose,
}: {
  projectId: number | null;
  onClose: () => void;
}): ReactNode {
  const detail = useQuery({
    queryKey: eduKeys.detail(projectId ?? 0),
    queryFn: () => fetchProject(projectId ?? 0),
    enabled: projectId !== null,
    staleTime: 0,
  });
  const project = detail.data;
  const status = PROJECT_STATUSES.find((s) => s.value === project?.status);

  let body: ReactNode;
  if (detail.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (detail.isError || !project)
    body = <PageError description="项目加载失败，请稍后重试。" onRetry={() => void detail.refetch()} />;
  else
    body = (
      <>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'name', label: '项目名称', children: project.name },
            { key: 'status', label: '状态', children: <Tag color={status?.color}>{project.statusName}</Tag> },
            { key: 'period', label: '起止日期', children: formatPeriod(project.startDate, project.endDate) },
            { key: 'creator', label: '创建人', children: project.createdByName ?? '—' },
            {
              key: 'updated',
              label: '更新时间',
              children: dayjs(project.updatedAt).format('YYYY-MM-DD HH:mm'),
            },
            {
              key: 'description',
              label: '项目简介',
              children: <span className="kp-edu__pre">{project.description || '—'}</span>,
            },
          ]}
        />
        <h4 className="kp-edu__section-title">成员单位（{project.members.length}）</h4>
        {project.members.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无成员单位" />
        ) : (
          <Table<EduMember>
            rowKey="memberId"
            size="small"
            pagination={false}
            dataSource={project.members}
            scroll={{ x: 520 }}
            columns={[
              { title: '类型', dataIndex: 'memberTypeName', width: 70 },
              { title: '单位名称', dataIndex: 'name' },
              { title: '联系人', dataIndex: 'contactName', render: (v: string | null) => v ?? '—' },
              { title: '联系电话', dataIndex: 'contactPhone', render: (v: string | null) => v ?? '—' },
              { title: '角色', dataIndex: 'role', render: (v: string | null) => v ?? '—' },
            ]}
          />
        )}
      </>
    );

  return (
    <Drawer open={projectId !== null} onClose={onClose} title="项目详情" size="large" destroyOnHidden>
      {body}
    </Drawer>
  );
}
