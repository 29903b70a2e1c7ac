import { Button, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import type { DataTableColumn } from '../../../components/data-table';
import { PROJECT_STATUSES, type EduProject } from '../api';
import { formatPeriod } from '../components/project-detail-drawer';

/** What the buttons of a project row do; `edit` and `remove` only for those who may edit. */
export interface ProjectRowActions {
  view: (projectId: number) => void;
  edit?: (projectId: number) => void;
  remove?: (project: EduProject) => void;
}

/** The columns of the project list. */
export function projectColumns(actions: ProjectRowActions): DataTableColumn<EduProject>[] {
  const { view, edit, remove } = actions;
  const canEdit = edit !== undefined && remove !== undefined;
  return [
    {
      title: '项目名称',
      dataIndex: 'name',
      render: (_value, record) => (
        <Button type="link" className="kp-edu__name-link" onClick={() => view(record.projectId)}>
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
          <Button type="link" size="small" onClick={() => view(record.projectId)}>
            查看
          </Button>
          {canEdit ? (
            <>
              <Button type="link" size="small" onClick={() => edit(record.projectId)}>
                编辑
              </Button>
              <Button type="link" size="small" danger onClick={() => remove(record)}>
                删除
              </Button>
            </>
          ) : null}
        </Space>
      ),
    },
  ];
}
