import { render, waitFor } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { InertMeasureRows } from './inert-measure-rows';

describe('InertMeasureRows', () => {
  it("makes antd's hidden measuring rows inert, in tables that appear later too", async () => {
    const table = (
      <Table
        rowKey="id"
        scroll={{ x: 800 }}
        columns={[{ title: '名称', dataIndex: 'name', sorter: true }]}
        dataSource={[{ id: 1, name: '甲' }]}
      />
    );
    const { container, rerender } = render(<InertMeasureRows />);
    rerender(
      <>
        <InertMeasureRows />
        {table}
      </>,
    );
    await waitFor(() => {
      const rows = container.querySelectorAll('.ant-table-measure-row');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toHaveAttribute('inert');
    });
  });
});
