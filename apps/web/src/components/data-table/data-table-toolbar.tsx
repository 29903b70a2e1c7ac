import type { ReactElement } from 'react';
import { Button } from 'antd';
import type { TablePaginationConfig } from 'antd';
import { PAGE_SIZE_OPTIONS, PAGINATION_HEIGHT, TOOLBAR_HEIGHT } from '@kaopei/shared';
import type { DataTableToolbarButton } from './types';

interface DataTableToolbarProps<T extends object> {
  buttons: DataTableToolbarButton<T>[];
  selectedRows: T[];
  onClick: (button: DataTableToolbarButton<T>) => void;
}

/** The buttons above the table; `disabled` may depend on the selected rows. */
export function DataTableToolbar<T extends object>(props: DataTableToolbarProps<T>): ReactElement {
  const { buttons, selectedRows, onClick } = props;
  return (
    <div
      className="kp-data-table-toolbar"
      style={{
        display: 'flex',
        gap: 8,
        height: TOOLBAR_HEIGHT,
        alignItems: 'flex-start',
        overflowX: 'auto',
      }}
    >
      {buttons.map((button) => (
        <Button
          key={button.id}
          icon={button.icon}
          type={button.type}
          danger={button.danger}
          disabled={typeof button.disabled === 'function' ? button.disabled(selectedRows) : button.disabled}
          onClick={() => onClick(button)}
        >
          {button.label}
        </Button>
      ))}
    </div>
  );
}

interface PaginationInput {
  page: number;
  pageSize: number;
  total: number;
  totalCapped: boolean;
  onChange: (page: number, size: number) => void;
}

/** antd's pagination: size changer, quick jumper, '共 n 条' (or '超过 n 条' when the count stopped). */
export function paginationConfigOf(input: PaginationInput): TablePaginationConfig {
  const { page, pageSize, total, totalCapped, onChange } = input;
  return {
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: [...PAGE_SIZE_OPTIONS],
    showTotal: (count) => (totalCapped ? `超过 ${count} 条` : `共 ${count} 条`),
    onChange,
    // 32 px controls + 2 × 10 px margin = PAGINATION_HEIGHT, which the height calculation reserves.
    style: { margin: `${(PAGINATION_HEIGHT - 32) / 2}px 0` },
  };
}
