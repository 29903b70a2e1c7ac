import { render, waitFor } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { TableKeyboard } from './table-keyboard';

const figures = (scroll: { x?: number; y?: number }) => (
  <Table
    rowKey="id"
    scroll={scroll}
    columns={[{ title: '名称', dataIndex: 'name', sorter: true }]}
    dataSource={[{ id: 1, name: '甲' }]}
  />
);

describe('TableKeyboard', () => {
  it("makes antd's hidden measuring rows inert, in tables that appear later too", async () => {
    const { container, rerender } = render(<TableKeyboard />);
    rerender(
      <>
        <TableKeyboard />
        {figures({ x: 800 })}
      </>,
    );
    await waitFor(() => {
      const rows = container.querySelectorAll('.ant-table-measure-row');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toHaveAttribute('inert');
    });
  });

  it('lets the keyboard reach a table that scrolls, and leaves one that does not alone', async () => {
    const { container } = render(
      <>
        <TableKeyboard />
        <div data-testid="wide">{figures({ x: 800, y: 200 })}</div>
        <div data-testid="plain">{figures({})}</div>
      </>,
    );
    const wide = container.querySelector('[data-testid="wide"] .ant-table-body');
    await waitFor(() => expect(wide).toHaveAttribute('tabindex', '0'));
    const plain = container.querySelector('[data-testid="plain"] .ant-table-content');
    expect(plain).not.toBeNull();
    expect(plain).not.toHaveAttribute('tabindex');
  });
});
