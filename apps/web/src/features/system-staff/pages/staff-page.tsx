import { useState, type ReactNode } from 'react';
import { App, Button, Card, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  ImportOutlined,
  SwapOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { STAFF_SORT_FIELDS } from '@kaopei/shared/contracts/staff';
import {
  DataTable,
  useListPage,
  type DataTableColumn,
  type DataTableSort,
  type DataTableToolbarButton,
} from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { flattenMenuUrls } from '../../../app/layout/menu-model';
import { useSessionStore } from '../../../stores/session-store';
import {
  deleteStaff,
  exportStaff,
  fetchDepartmentTree,
  searchStaff,
  setStaffStatus,
  staffKeys,
  type StaffFilter,
  type StaffRow,
  type StaffSortField,
} from '../api';
import { DepartmentTreePanel } from '../components/department-tree-panel';
import { ImportModal } from '../components/import-modal';
import { MoveStaffModal } from '../components/move-staff-modal';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { StaffFilterForm, INITIAL_FILTER, type StaffFilterValues } from '../components/staff-filter-form';
import { StaffFormModal } from '../components/staff-form-modal';
import { departmentPath, genderText, statusText } from '../staff-rules';
import '../system-staff.css';

const ROLE_MENU = '/manage/system/permission';
const SORTABLE = new Set<string>(STAFF_SORT_FIELDS);

type FormState = { open: false } | { open: true; staff: StaffRow | null };

interface ListFilter {
  departmentId: number | null;
  values: StaffFilterValues;
  sort: StaffFilter['sort'];
}

const INITIAL_LIST_FILTER: ListFilter = { departmentId: null, values: INITIAL_FILTER, sort: undefined };

/** The search body of the page's filter. */
function staffFilterOf({ departmentId, values, sort }: ListFilter): StaffFilter {
  return {
    departmentId: departmentId ?? undefined,
    keyword: values.keyword || undefined,
    jobNumber: values.jobNumber || undefined,
    status: values.status === 'all' ? undefined : values.status,
    sort,
  };
}

/** /manage/system/staff: the department tree on the left, the staff of the chosen department on the right. */
export default function StaffPage(): ReactNode {
  const { message } = App.useApp();
  const userInfo = useSessionStore((state) => state.userInfo);
  const menuInfo = useSessionStore((state) => state.menuInfo);
  const myId = Number(userInfo?.userId ?? 0);
  const canAssignRoles = Boolean(userInfo?.isAdmin) || flattenMenuUrls(menuInfo).includes(ROLE_MENU);

  const [form, setForm] = useState<FormState>({ open: false });
  const [moving, setMoving] = useState<StaffRow[]>([]);
  const [resetting, setResetting] = useState<StaffRow | null>(null);
  const [importing, setImporting] = useState(false);

  const tree = useQuery({ queryKey: staffKeys.tree, queryFn: fetchDepartmentTree });
  const list = useListPage({
    initialFilter: INITIAL_LIST_FILTER,
    queryKey: (listFilter, page, size) => staffKeys.list(staffFilterOf(listFilter), page, size),
    fetchPage: (listFilter, page, size) => searchStaff(staffFilterOf(listFilter), page, size),
    rowKey: 'userId',
    invalidate: [staffKeys.all],
    remove: (targets) => deleteStaff(targets.map((person) => person.userId)),
    onRemoved: (result) => message.success(`已删除 ${result.count} 名员工`),
  });
  const { selectedRows, refresh } = list;
  const staff = list.query;
  const departmentId = list.filter.departmentId;
  const filter = staffFilterOf(list.filter);

  const changeStatus = useMutation({
    mutationFn: ({ targets, status }: { targets: StaffRow[]; status: number }) =>
      setStaffStatus(
        targets.map((person) => person.userId),
        status,
      ),
    onSuccess: (result, { status }) => {
      message.success(
        status === 0 ? `已将 ${result.count} 名员工设为在职` : `已将 ${result.count} 名员工设为离职`,
      );
      void refresh();
    },
  });

  const exporting = useMutation({
    mutationFn: () =>
      selectedRows.length > 0
        ? exportStaff({ userIds: selectedRows.map((person) => person.userId) })
        : exportStaff({ filter }),
    onSuccess: (fileName) => message.success(`已导出 ${fileName}`),
  });

  const confirmDelete = (targets: StaffRow[]) => {
    if (targets.some((person) => person.userId === myId)) {
      message.warning('不能删除自己的账号');
      return;
    }
    const names = targets
      .slice(0, 5)
      .map((person) => person.realName)
      .join('、');
    list.confirmDelete(targets, {
      title: targets.length === 1 ? `删除员工「${names}」？` : `删除所选 ${targets.length} 名员工？`,
      content: `${targets.length > 1 ? `${names}${targets.length > 5 ? ' 等' : ''}。` : ''}删除后账号无法登录，账号、手机号和邮箱可再次使用；历史考试与学习记录保留。如只是离开公司，建议设为“离职”。`,
    });
  };

  const onSortChange = ({ field, order }: DataTableSort) => {
    list.updateFilter({
      sort:
        order && SORTABLE.has(field)
          ? { field: field as StaffSortField, order: order === 'ascend' ? 'asc' : 'desc' }
          : undefined,
    });
  };

  const columns: DataTableColumn<StaffRow>[] = [
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
    {
      title: '工号',
      dataIndex: 'jobNumber',
      sortable: true,
      width: 100,
      render: (value) => (value as string | null) || '—',
    },
    {
      title: '性别',
      dataIndex: 'gender',
      width: 70,
      align: 'center',
      render: (_value, person) => genderText(person.gender),
    },
    { title: '手机号', dataIndex: 'phone', width: 130, render: (value) => (value as string | null) || '—' },
    {
      title: '邮箱',
      dataIndex: 'email',
      width: 200,
      ellipsis: true,
      render: (value) => (value as string | null) || '—',
    },
    {
      title: '部门',
      dataIndex: 'departmentName',
      sortable: true,
      width: 150,
      ellipsis: true,
      render: (_value, person) =>
        person.departmentId ? (
          <Tooltip title={departmentPath(tree.data ?? [], person.departmentId)}>
            {person.departmentName ?? '—'}
          </Tooltip>
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
      render: (_value, person) => {
        const self = person.userId === myId;
        const lockedAdmin = person.isAdmin && !userInfo?.isAdmin;
        const lockedHint = lockedAdmin ? '只有管理员可以操作管理员账号' : undefined;
        return (
          <Space size={0} wrap>
            <Button
              type="link"
              size="small"
              disabled={lockedAdmin}
              title={lockedHint}
              onClick={() => setForm({ open: true, staff: person })}
            >
              编辑
            </Button>
            {person.status === 0 ? (
              <Popconfirm
                title={`将「${person.realName}」设为离职？`}
                description="离职后账号停用，无法登录；可随时恢复在职。"
                okText="设为离职"
                cancelText="取消"
                disabled={self || lockedAdmin}
                onConfirm={() =>
                  changeStatus.mutateAsync({ targets: [person], status: 1 }).catch(() => undefined)
                }
              >
                <Button
                  type="link"
                  size="small"
                  disabled={self || lockedAdmin}
                  title={self ? '不能停用自己的账号' : lockedHint}
                >
                  离职
                </Button>
              </Popconfirm>
            ) : (
              <Button
                type="link"
                size="small"
                disabled={lockedAdmin}
                onClick={() => changeStatus.mutate({ targets: [person], status: 0 })}
              >
                复职
              </Button>
            )}
            <Button
              type="link"
              size="small"
              disabled={lockedAdmin}
              title={lockedHint}
              onClick={() => setResetting(person)}
            >
              重置密码
            </Button>
            <Button
              type="link"
              size="small"
              danger
              disabled={self || lockedAdmin}
              title={self ? '不能删除自己的账号' : lockedHint}
              onClick={() => confirmDelete([person])}
            >
              删除
            </Button>
          </Space>
        );
      },
    },
  ];

  const toolbar: DataTableToolbarButton<StaffRow>[] = [
    {
      id: 'add-staff',
      label: '新增员工',
      type: 'primary',
      icon: <UserAddOutlined />,
      onClick: () => setForm({ open: true, staff: null }),
    },
    {
      id: 'move-staff',
      label: '批量移动部门',
      icon: <SwapOutlined />,
      disabled: () => selectedRows.length === 0,
      onClick: () => setMoving(selectedRows),
    },
    {
      id: 'delete-staff',
      label: '批量删除',
      danger: true,
      icon: <DeleteOutlined />,
      disabled: () => selectedRows.length === 0,
      onClick: () => confirmDelete(selectedRows),
    },
    {
      id: 'import-staff',
      label: '导入',
      icon: <ImportOutlined />,
      onClick: () => setImporting(true),
    },
    {
      id: 'export-staff',
      label: selectedRows.length > 0 ? `导出所选（${selectedRows.length}）` : '导出',
      icon: <DownloadOutlined />,
      disabled: exporting.isPending,
      onClick: () => exporting.mutate(),
    },
  ];

  const scope =
    departmentId === null
      ? '全部员工'
      : `${departmentPath(tree.data ?? [], departmentId) || '部门'}（含下级部门）`;

  return (
    <div className="kp-page kp-staff-page">
      <header className="kp-page__header">
        <Typography.Title level={3}>员工管理</Typography.Title>
        <Typography.Text type="secondary">
          维护组织架构与员工账号：选择左侧部门查看其员工（含下级部门），支持 Excel 批量导入与导出。
        </Typography.Text>
      </header>
      <div className="kp-staff">
        <Card className="kp-staff__tree" variant="borderless">
          <DepartmentTreePanel
            tree={tree.data}
            loading={tree.isPending}
            failed={tree.isError}
            onRetry={() => void tree.refetch()}
            selectedId={departmentId}
            onSelect={(id) => list.updateFilter({ departmentId: id })}
            onChanged={() => void refresh()}
          />
        </Card>
        <Card
          className="kp-staff__list"
          variant="borderless"
          title={<span data-testid="staff-scope">{scope}</span>}
          extra={
            staff.data ? <Typography.Text type="secondary">共 {staff.data.total} 人</Typography.Text> : null
          }
        >
          <StaffFilterForm onSearch={(values) => list.updateFilter({ values })} />
          {staff.isError ? (
            <PageError description="员工列表加载失败，请稍后重试。" onRetry={() => void staff.refetch()} />
          ) : (
            <DataTable<StaffRow>
              {...list.tableProps}
              columns={columns}
              onSortChange={onSortChange}
              showIndex
              toolbar={toolbar}
              autoHeight={false}
              scrollX={1740}
              className="kp-staff__table"
            />
          )}
        </Card>
      </div>

      <StaffFormModal
        open={form.open}
        staff={form.open ? form.staff : null}
        tree={tree.data ?? []}
        defaultDepartmentId={departmentId}
        canAssignRoles={canAssignRoles}
        onClose={() => setForm({ open: false })}
        onSaved={() => {
          setForm({ open: false });
          void refresh();
        }}
      />
      <MoveStaffModal
        staff={moving}
        tree={tree.data ?? []}
        onClose={() => setMoving([])}
        onMoved={() => {
          setMoving([]);
          list.clearSelection();
          void refresh();
        }}
      />
      <ResetPasswordModal staff={resetting} onClose={() => setResetting(null)} />
      <ImportModal open={importing} onClose={() => setImporting(false)} onImported={() => void refresh()} />
    </div>
  );
}
