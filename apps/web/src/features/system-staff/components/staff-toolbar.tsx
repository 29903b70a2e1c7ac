import {
  DeleteOutlined,
  DownloadOutlined,
  ImportOutlined,
  SwapOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { DataTableToolbarButton } from '../../../components/data-table';
import type { StaffRow } from '../api';

export interface StaffToolbarActions {
  selectedRows: StaffRow[];
  exporting: boolean;
  onAdd: () => void;
  onMove: (rows: StaffRow[]) => void;
  onDelete: (rows: StaffRow[]) => void;
  onImport: () => void;
  onExport: () => void;
}

/** The staff table's buttons: add, move, delete (the selection), import, export (selection or filter). */
export function staffToolbar(actions: StaffToolbarActions): DataTableToolbarButton<StaffRow>[] {
  const { selectedRows } = actions;
  return [
    {
      id: 'add-staff',
      label: '新增员工',
      type: 'primary',
      icon: <UserAddOutlined />,
      onClick: () => actions.onAdd(),
    },
    {
      id: 'move-staff',
      label: '批量移动部门',
      icon: <SwapOutlined />,
      disabled: () => selectedRows.length === 0,
      onClick: () => actions.onMove(selectedRows),
    },
    {
      id: 'delete-staff',
      label: '批量删除',
      danger: true,
      icon: <DeleteOutlined />,
      disabled: () => selectedRows.length === 0,
      onClick: () => actions.onDelete(selectedRows),
    },
    { id: 'import-staff', label: '导入', icon: <ImportOutlined />, onClick: () => actions.onImport() },
    {
      id: 'export-staff',
      label: selectedRows.length > 0 ? `导出所选（${selectedRows.length}）` : '导出',
      icon: <DownloadOutlined />,
      disabled: actions.exporting,
      onClick: () => actions.onExport(),
    },
  ];
}
