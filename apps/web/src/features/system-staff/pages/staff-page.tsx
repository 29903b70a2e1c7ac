import type { ReactNode } from 'react';
import { App, Card, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { STAFF_SORT_FIELDS } from '@kaopei/shared/contracts/staff';
import {
  DataTable,
  useListPage,
  type DataTableColumn,
  type DataTableSort,
  type DataTableToolbarButton,
  type ListPage,
} from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { flattenMenuUrls } from '../../../app/layout/menu-model';
import { useSessionStore } from '../../../stores/session-store';
import {
  deleteStaff,
  fetchDepartmentTree,
  searchStaff,
  staffKeys,
  type DepartmentNode,
  type StaffFilter,
  type StaffRow,
  type StaffSortField,
} from '../api';
import { DepartmentTreePanel } from '../components/department-tree-panel';
import { StaffDialogs, useStaffDialogs } from '../components/staff-dialogs';
import { StaffFilterForm, INITIAL_FILTER, type StaffFilterValues } from '../components/staff-filter-form';
import { staffColumns } from '../components/staff-columns';
import { staffToolbar } from '../components/staff-toolbar';
import { departmentPath } from '../staff-rules';
import { useStaffActions } from './use-staff-actions';
import '../system-staff.css';

const ROLE_MENU = '/manage/system/permission';
const SORTABLE = new Set<string>(STAFF_SORT_FIELDS);

interface ListFilter {
  departmentId: number | null;
  values: StaffFilterValues;
  sort: StaffFilter['sort'];
}

type StaffList = ListPage<StaffRow, ListFilter>;

const INITIAL_LIST_FILTER: ListFilter = { departmentId: null, values: INITIAL_FILTER, sort: undefined };

/** The search body of the page's filter. */
function staffFilterOf({ departmentId, values, sort }: ListFilter): StaffFilter {
  return {
    departmentId: departmentId ?? undefined,
    keyword: values.keyword || undefined,
    jobNumber: values.jobNumber || undefined,
    status: values.status === 'all' ? undefined : values.status,
    postId: values.postId ?? undefined,
    sort,
  };
}

/** Who is signed in, as far as the staff page cares: their id, whether admin, whether they may assign roles. */
function useMe() {
  const userInfo = useSessionStore((state) => state.userInfo);
  const menuInfo = useSessionStore((state) => state.menuInfo);
  const myId = Number(userInfo?.userId ?? 0);
  const iAmAdmin = Boolean(userInfo?.isAdmin);
  const canAssignRoles = iAmAdmin || flattenMenuUrls(menuInfo).includes(ROLE_MENU);
  return { myId, iAmAdmin, canAssignRoles };
}

/** The staff of the chosen department (its scope in the title), with its search form and table. */
function StaffListCard(props: {
  list: StaffList;
  tree: DepartmentNode[] | undefined;
  columns: DataTableColumn<StaffRow>[];
  toolbar: DataTableToolbarButton<StaffRow>[];
}): ReactNode {
  const { list, tree, columns, toolbar } = props;
  const staff = list.query;
  const departmentId = list.filter.departmentId;
  const scope =
    departmentId === null
      ? '全部员工'
      : `${departmentPath(tree ?? [], departmentId) || '部门'}（含下级部门）`;

  const onSortChange = ({ field, order }: DataTableSort) => {
    list.updateFilter({
      sort:
        order && SORTABLE.has(field)
          ? { field: field as StaffSortField, order: order === 'ascend' ? 'asc' : 'desc' }
          : undefined,
    });
  };

  return (
    <Card
      className="kp-staff__list"
      variant="borderless"
      title={<span data-testid="staff-scope">{scope}</span>}
      extra={staff.data ? <Typography.Text type="secondary">共 {staff.data.total} 人</Typography.Text> : null}
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
          scrollX={1740}
          className="kp-staff__table"
        />
      )}
    </Card>
  );
}

/** /manage/system/staff: the department tree on the left, the staff of the chosen department on the right. */
export default function StaffPage(): ReactNode {
  const { message } = App.useApp();
  const { myId, iAmAdmin, canAssignRoles } = useMe();
  const dialogs = useStaffDialogs();

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
  const departmentId = list.filter.departmentId;
  const { changeStatus, exporting, confirmDelete } = useStaffActions(list, staffFilterOf(list.filter), myId);

  const columns = staffColumns(tree.data ?? [], {
    myId,
    iAmAdmin,
    onEdit: (person) => dialogs.setForm({ open: true, staff: person }),
    onLeave: (person) => changeStatus.mutateAsync({ targets: [person], status: 1 }),
    onReturn: (person) => changeStatus.mutate({ targets: [person], status: 0 }),
    onResetPassword: (person) => dialogs.setResetting(person),
    onDelete: (person) => confirmDelete([person]),
  });
  const toolbar = staffToolbar({
    selectedRows,
    exporting: exporting.isPending,
    onAdd: () => dialogs.setForm({ open: true, staff: null }),
    onMove: (rows) => dialogs.setMoving(rows),
    onDelete: confirmDelete,
    onImport: () => dialogs.setImporting(true),
    onExport: () => exporting.mutate(),
  });

  return (
    <div className="kp-page kp-staff-page">
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
        <StaffListCard list={list} tree={tree.data} columns={columns} toolbar={toolbar} />
      </div>
      <StaffDialogs
        dialogs={dialogs}
        tree={tree.data ?? []}
        departmentId={departmentId}
        canAssignRoles={canAssignRoles}
        onChanged={() => void refresh()}
        clearSelection={list.clearSelection}
      />
    </div>
  );
}
