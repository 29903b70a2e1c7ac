import { Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { DataTableColumn } from '../../../components/data-table';
import type { DepartmentNode, StaffRow } from '../api';
import { departmentPath, genderText, statusText } from '../staff-rules';
import { StaffRowActions, type StaffRowActionsProps } from './staff-row-actions';

/** What the 「操作」 column needs: who is signed in and what its buttons do. */
export type StaffActionHandlers = Omit<StaffRowActionsProps, 'person'>;

const orDash = (value: unknown) => (value as string | null) || '—';

/** 姓名 … 邮箱: who the person is and how to reach them. */
function personColumns(): DataTableColumn<StaffRow>[] {
  return [
    {
      title: '姓名',
      dataIndex: 'realName',
      sortable: true,
      width: 170,
      fixed: 'left',
      render: (_value, person) => (
        <Space size={4}>
          <span>{person.realName}</span>
          {person.isAdmin ? <Tag color="gold">管理员</Tag> : null}
        </Space>
      ),
    },
    { title: '账号', dataIndex: 'account', sortable: true, width: 140 },
    { title: '工号', dataIndex: 'jobNumber', sortable: true, width: 100, render: orDash },
    {
      title: '性别',
      dataIndex: 'gender',
      width: 70,
      align: 'center',
      render: (_value, person) => genderText(person.gender),
    },
    { title: '手机号', dataIndex: 'phone', width: 130, render: orDash },
    { title: '邮箱', dataIndex: 'email', width: 200, ellipsis: true, render: orDash },
  ];
}

/** 部门, 岗位, 角色: where the person sits (the department's full path as a tooltip). */
function placeColumns(tree: DepartmentNode[]): DataTableColumn<StaffRow>[] {
  return [
    {
      title: '部门',
      dataIndex: 'departmentName',
      sortable: true,
      width: 150,
      ellipsis: true,
      render: (_value, person) =>
        person.departmentId ? (
          <Tooltip title={departmentPath(tree, person.departmentId)}>{person.departmentName ?? '—'}</Tooltip>
        ) : (
          <Typography.Text type="secondary">未分配</Typography.Text>
        ),
    },
    {
      title: '岗位',
      key: 'post',
      width: 120,
      ellipsis: true,
      render: (_value, person) => person.postVO?.postName ?? '—',
    },
    {
      title: '角色',
      key: 'roles',
      width: 160,
      render: (_value, person) =>
        person.roles.length > 0 ? (
          <Space size={[0, 4]} wrap>
            {person.roles.map((role) => (
              <Tag key={role.roleId}>{role.name}</Tag>
            ))}
          </Space>
        ) : (
          '—'
        ),
    },
  ];
}

/** 状态, 创建时间 and 操作. */
function accountColumns(actions: StaffActionHandlers): DataTableColumn<StaffRow>[] {
  return [
    {
      title: '状态',
      dataIndex: 'status',
      sortable: true,
      width: 80,
      align: 'center',
      render: (_value, person) => (
        <Tag color={person.status === 0 ? 'success' : 'default'}>{statusText(person.status)}</Tag>
      ),
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      sortable: true,
      width: 150,
      render: (_value, person) => dayjs(person.createdAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 250,
      fixed: 'right',
      render: (_value, person) => <StaffRowActions person={person} {...actions} />,
    },
  ];
}

/** The columns of the staff table. */
export function staffColumns(
  tree: DepartmentNode[],
  actions: StaffActionHandlers,
): DataTableColumn<StaffRow>[] {
  return [...personColumns(), ...placeColumns(tree), ...accountColumns(actions)];
}
