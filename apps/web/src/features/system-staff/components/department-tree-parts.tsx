import type { ReactNode } from 'react';
import { Button, Dropdown, Tooltip, Typography } from 'antd';
import type { MenuProps } from 'antd';
import {
  ApartmentOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DragOutlined,
  EditOutlined,
  MoreOutlined,
  PlusOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { DepartmentNode } from '../api';

const actions = (department: DepartmentNode): MenuProps['items'] => [
  { key: 'add', icon: <PlusOutlined />, label: '新增子部门' },
  { key: 'rename', icon: <EditOutlined />, label: '重命名' },
  { key: 'move', icon: <DragOutlined />, label: '移动到…' },
  { key: 'leaders', icon: <UserOutlined />, label: '设置负责人' },
  { key: 'export', icon: <DownloadOutlined />, label: '导出本部门架构' },
  { type: 'divider' },
  {
    key: 'delete',
    icon: <DeleteOutlined />,
    label: '删除',
    danger: true,
    disabled: department.children.length > 0,
  },
];

interface DepartmentNodeTitleProps {
  department: DepartmentNode;
  onAction: (department: DepartmentNode, key: string) => void;
}

/** One department: name, staff count (sub-departments included) and its actions menu. */
export function DepartmentNodeTitle({ department, onAction }: DepartmentNodeTitleProps): ReactNode {
  return (
    <span className="kp-dept-tree__node" data-testid={`dept-node-${department.name}`}>
      <span className="kp-dept-tree__name" title={department.name}>
        {department.name}
      </span>
      <span className="kp-dept-tree__count">{department.staffCount}</span>
      <Dropdown
        trigger={['click']}
        menu={{
          items: actions(department),
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            onAction(department, key);
          },
        }}
      >
        <Button
          type="text"
          size="small"
          className="kp-dept-tree__more"
          icon={<MoreOutlined />}
          aria-label={`部门「${department.name}」操作`}
          onClick={(event) => event.stopPropagation()}
        />
      </Dropdown>
    </span>
  );
}

interface DepartmentTreeHeaderProps {
  exporting: boolean;
  onExport: () => void;
  onAdd: () => void;
}

/** 组织架构 with 导出 (the whole tree) and 新增部门 (a top-level department). */
export function DepartmentTreeHeader({ exporting, onExport, onAdd }: DepartmentTreeHeaderProps): ReactNode {
  return (
    <div className="kp-dept-tree__header">
      <Typography.Text strong>
        <ApartmentOutlined /> 组织架构
      </Typography.Text>
      <span>
        <Tooltip title="导出部门架构与人数">
          <Button
            type="text"
            size="small"
            icon={<DownloadOutlined />}
            aria-label="导出部门架构"
            loading={exporting}
            onClick={onExport}
          />
        </Tooltip>
        <Button type="link" size="small" icon={<PlusOutlined />} onClick={onAdd}>
          新增部门
        </Button>
      </span>
    </div>
  );
}

interface AllStaffButtonProps {
  active: boolean;
  /** Staff of the whole organisation, once the tree is loaded. */
  count: number | null;
  onClick: () => void;
}

/** 全部员工: clears the department filter. */
export function AllStaffButton({ active, count, onClick }: AllStaffButtonProps): ReactNode {
  return (
    <button
      type="button"
      className={active ? 'kp-dept-tree__all kp-dept-tree__all--active' : 'kp-dept-tree__all'}
      onClick={onClick}
      aria-pressed={active}
    >
      <TeamOutlined /> 全部员工
      {count !== null ? <span className="kp-dept-tree__count">{count}</span> : null}
    </button>
  );
}
