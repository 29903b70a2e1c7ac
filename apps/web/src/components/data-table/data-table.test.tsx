import { createRef } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEV_ERRORS, LOADING_TEXT } from '@kaopei/shared';
import { DataTable, pageAfterDelete } from './index';
import { MIN_SCROLL_BODY_HEIGHT, spaceBelow } from './use-auto-scroll-height';
import type { DataTableColumn, DataTableHandle, DataTableProps } from './index';

interface Person {
  id: number;
  name: string;
  age: number;
}

function people(firstId: number, count: number): Person[] {
  return Array.from({ length: count }, (_, offset) => ({
    id: firstId + offset,
    name: `用户${firstId + offset}`,
    age: 20 + offset,
  }));
}

const plainColumns: DataTableColumn<Person>[] = [
  { title: '姓名', dataIndex: 'name' },
  { title: '年龄', dataIndex: 'age' },
];

const editableColumns: DataTableColumn<Person>[] = [
  { title: '姓名', dataIndex: 'name', editable: true, rules: [{ required: true, message: '请输入姓名' }] },
  {
    title: '年龄',
    dataIndex: 'age',
    editable: { editor: 'number' },
    rules: [{ required: true, message: '请输入年龄' }],
  },
];

function Providers({ children }: { children: ReactNode }): ReactElement {
  return <ConfigProvider locale={zhCN}>{children}</ConfigProvider>;
}

function renderTable(props: Partial<DataTableProps<Person>> = {}) {
  const ref = createRef<DataTableHandle<Person>>();
  const result = render(
    <DataTable<Person> ref={ref} rowKey="id" columns={plainColumns} dataSource={people(1, 3)} {...props} />,
    { wrapper: Providers },
  );
  return { ...result, ref };
}

function handleOf(ref: { current: DataTableHandle<Person> | null }): DataTableHandle<Person> {
  if (!ref.current) throw new Error('DataTable handle not attached');
  return ref.current;
}

/** Body rows (antd adds a hidden measure row when scrolling; it has no cells with text). */
function bodyRows(): HTMLElement[] {
  return screen.getAllByRole('row').filter((row) => row.closest('tbody') && row.querySelector('td'));
}

/** React reports render errors on the console; keep the output of the throwing tests clean. */
function silenceConsoleError() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DataTable: selection, numbering, sorting and paging', () => {
  it('selects rows with the selection column and reports their keys and rows', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    renderTable({ selectable: true, onSelectionChange });

    const [, firstRow, secondRow] = screen.getAllByRole('checkbox');
    await user.click(firstRow!);
    await user.click(secondRow!);

    expect(onSelectionChange).toHaveBeenLastCalledWith([1, 2], [people(1, 3)[0], people(1, 3)[1]]);
  });

  it('numbers the 序号 column continuously across pages', () => {
    renderTable({
      showIndex: true,
      dataSource: people(11, 10),
      total: 25,
      pagination: { page: 2, size: 10 },
    });

    expect(screen.getByRole('columnheader', { name: '序号' })).toBeInTheDocument();
    const numbers = bodyRows().map((row) => row.querySelector('td')?.textContent);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, offset) => String(11 + offset)));
  });

  it('cycles a sortable column through ascend, descend and none', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    renderTable({ columns: [{ title: '姓名', dataIndex: 'name', sortable: true }], onSortChange });

    for (let click = 0; click < 3; click += 1) await user.click(screen.getByText('姓名'));

    expect(onSortChange.mock.calls).toEqual([
      [{ field: 'name', order: 'ascend' }],
      [{ field: 'name', order: 'descend' }],
      [{ field: 'name', order: null }],
    ]);
  });

  it('says the total is a lower bound when the server stopped counting', () => {
    renderTable({
      dataSource: people(1, 10),
      total: 2000,
      totalCapped: true,
      pagination: { page: 1, size: 10 },
    });
    expect(screen.getByText('超过 2000 条')).toBeInTheDocument();
  });

  it('shows the total and reports a page-size change', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderTable({ dataSource: people(1, 10), total: 35, pagination: { page: 1, size: 10 }, onPageChange });

    expect(screen.getByText('共 35 条')).toBeInTheDocument();
    // Size changer and quick jumper ('跳至 [ ] 页').
    expect(screen.getByTitle('10 条/页')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '页' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByTitle('20 条/页'));

    expect(onPageChange).toHaveBeenLastCalledWith(1, 20);
  });
});

describe('DataTable: toolbar and slots', () => {
  it('passes the selected rows to a toolbar button and throttles repeated clicks', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderTable({
      selectable: true,
      toolbar: [{ id: 'delete', label: '删除', danger: true, onClick }],
    });
    await user.click(screen.getAllByRole('checkbox')[1]!);

    const now = vi.spyOn(Date, 'now').mockReturnValue(10_000);
    // antd spaces out two-character Chinese labels ('删 除').
    const button = screen.getByRole('button', { name: /删\s*除/ });
    fireEvent.click(button);
    now.mockReturnValue(10_099);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onClick).toHaveBeenCalledWith([people(1, 3)[0]]);

    now.mockReturnValue(10_100);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('throws when a toolbar button has no id', () => {
    silenceConsoleError();
    expect(() => renderTable({ toolbar: [{ id: '', label: '新增', onClick: () => undefined }] })).toThrow(
      DEV_ERRORS.MISSING_BUTTON_ID,
    );
  });

  it('throws when a column names a slot that is not provided', () => {
    silenceConsoleError();
    expect(() =>
      renderTable({ columns: [{ title: '操作', slot: 'actions' }], slots: { other: () => null } }),
    ).toThrow(DEV_ERRORS.MISSING_SLOT);
  });

  it('renders slot cells', () => {
    renderTable({
      columns: [{ title: '操作', slot: 'actions' }],
      slots: { actions: (record) => <a>编辑{record.id}</a> },
    });
    expect(screen.getByText('编辑2')).toBeInTheDocument();
  });
});

describe('DataTable: inline editing', () => {
  it('throws when editing without a rowKey', () => {
    silenceConsoleError(); // antd warns about the key-less rows this setup renders
    const ref = createRef<DataTableHandle<Person>>();
    render(<DataTable<Person> ref={ref} columns={editableColumns} dataSource={people(1, 3)} />, {
      wrapper: Providers,
    });
    expect(() => handleOf(ref).startEdit(1)).toThrow(DEV_ERRORS.MISSING_ROW_KEY);
  });

  it('throws when starting to edit a key that matches no row', () => {
    const { ref } = renderTable({ columns: editableColumns });
    expect(() => handleOf(ref).startEdit(99)).toThrow(DEV_ERRORS.ROW_NOT_FOUND);
  });

  it('marks the header of a required column with an asterisk', () => {
    renderTable({ columns: [editableColumns[0]!, { title: '备注', dataIndex: 'age' }] });

    const marker = within(screen.getByRole('columnheader', { name: /姓名/ })).getByText('*');
    expect(marker).toHaveClass('kp-data-table-required');
    expect(within(screen.getByRole('columnheader', { name: '备注' })).queryByText('*')).toBeNull();
  });

  it('validates all edited rows before committing and reports the failing row', async () => {
    const user = userEvent.setup();
    const onCommit = vi.fn();
    const { ref } = renderTable({ columns: editableColumns, onCommit });
    act(() => {
      handleOf(ref).startEdit(1);
      handleOf(ref).startEdit(2);
    });
    await user.clear(screen.getAllByRole('textbox', { name: '姓名' })[1]!);

    await act(async () => {
      await expect(handleOf(ref).commit()).rejects.toEqual({
        prop: 'name',
        message: '请输入姓名',
        rowKey: 2,
      });
    });
    expect(onCommit).not.toHaveBeenCalled();
    expect(await screen.findByText('姓名：请输入姓名')).toBeInTheDocument();
    expect(handleOf(ref).getEditingKeys()).toEqual([1, 2]);
  });

  it('reports the first failure in row order, then column order', async () => {
    const user = userEvent.setup();
    const { ref } = renderTable({ columns: editableColumns, onCommit: vi.fn() });
    act(() => {
      handleOf(ref).startEdit(2);
      handleOf(ref).startEdit(1);
    });
    await user.clear(screen.getAllByRole('textbox', { name: '姓名' })[1]!);
    await user.clear(screen.getAllByRole('spinbutton', { name: '年龄' })[0]!);

    await act(async () => {
      await expect(handleOf(ref).commit()).rejects.toMatchObject({ prop: 'age', rowKey: 1 });
    });
  });

  it('commits the edited values and leaves edit mode', async () => {
    const user = userEvent.setup();
    const onCommit = vi.fn().mockResolvedValue(undefined);
    const { ref } = renderTable({ columns: editableColumns, onCommit });
    act(() => handleOf(ref).startEdit(2));
    const nameInput = screen.getByRole('textbox', { name: '姓名' });
    await user.clear(nameInput);
    await user.type(nameInput, '李四');

    let committed: Person[] = [];
    await act(async () => {
      committed = await handleOf(ref).commit();
    });

    expect(onCommit).toHaveBeenCalledWith([{ id: 2, name: '李四', age: 21 }]);
    expect(committed).toEqual([{ id: 2, name: '李四', age: 21 }]);
    expect(handleOf(ref).getEditingKeys()).toEqual([]);
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('DataTable: editors, commit errors and cancelling', () => {
  it('edits with switch and custom editors', async () => {
    interface Course {
      id: number;
      title: string;
      open: boolean;
    }
    const user = userEvent.setup();
    const onCommit = vi.fn();
    const ref = createRef<DataTableHandle<Course>>();
    render(
      <DataTable<Course>
        ref={ref}
        rowKey="id"
        columns={[
          {
            title: '课程',
            dataIndex: 'title',
            editable: { editor: () => <input aria-label="课程名称" /> },
          },
          { title: '开放', dataIndex: 'open', editable: { editor: 'switch' } },
        ]}
        dataSource={[{ id: 7, title: 'Java 入门', open: false }]}
        onCommit={onCommit}
      />,
      { wrapper: Providers },
    );
    act(() => ref.current?.startEdit(7));
    await user.type(screen.getByRole('textbox', { name: '课程名称' }), '（新）');
    await user.click(screen.getByRole('switch', { name: '开放' }));

    await act(async () => {
      await ref.current?.commit();
    });
    expect(onCommit).toHaveBeenCalledWith([{ id: 7, title: 'Java 入门（新）', open: true }]);
  });

  it('keeps editing and shows the error when onCommit rejects', async () => {
    const onCommit = vi.fn().mockRejectedValue(new Error('保存失败'));
    const { ref } = renderTable({ columns: editableColumns, onCommit });
    act(() => handleOf(ref).startEdit(1));

    await act(async () => {
      await expect(handleOf(ref).commit()).rejects.toThrow('保存失败');
    });

    expect(await screen.findByText('保存失败')).toBeInTheDocument();
    expect(handleOf(ref).getEditingKeys()).toEqual([1]);
    expect(screen.getByRole('textbox', { name: '姓名' })).toHaveValue('用户1');
  });

  it('cancels editing without keeping the edits', async () => {
    const user = userEvent.setup();
    const { ref } = renderTable({ columns: editableColumns });
    act(() => handleOf(ref).startEdit(1));
    await user.type(screen.getByRole('textbox', { name: '姓名' }), '改');
    act(() => handleOf(ref).cancelEdit(1));
    expect(screen.queryByRole('textbox')).toBeNull();

    act(() => handleOf(ref).startEdit(1));
    expect(screen.getByRole('textbox', { name: '姓名' })).toHaveValue('用户1');
  });
});

describe('DataTable: states and layout', () => {
  it('shows the loading overlay text', () => {
    renderTable({ loading: true });
    expect(screen.getByText(LOADING_TEXT)).toBeInTheDocument();
  });

  it('shows 暂无数据 when there are no rows', () => {
    renderTable({ dataSource: [] });
    expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  });

  it('steps back a page when a delete empties the current page', () => {
    const onPageChange = vi.fn();
    const { ref } = renderTable({
      dataSource: people(21, 1),
      total: 21,
      pagination: { page: 3, size: 10 },
      onPageChange,
    });

    let nextPage = 0;
    act(() => {
      nextPage = handleOf(ref).notifyDeleted(1);
    });
    expect(nextPage).toBe(2);
    expect(onPageChange).toHaveBeenCalledWith(2, 10);
  });

  it('fits the body to the window and recomputes on a throttled window resize', () => {
    // jsdom lays nothing out: the table gets a width (a table of width 0 is not laid out and keeps its
    // natural height) and every box stays at 0, so the body may use the window less the pagination.
    const container = document.createElement('div');
    document.body.appendChild(container);
    const realRect = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('kp-data-table')
        ? DOMRect.fromRect({ x: 0, y: 0, width: 800, height: 0 })
        : realRect.call(this);
    });
    const tableBody = () => container.querySelector<HTMLElement>('.ant-table-body');
    const innerHeight = window.innerHeight;
    const setWindowHeight = (height: number) =>
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });

    try {
      setWindowHeight(600);
      render(<DataTable<Person> rowKey="id" columns={plainColumns} dataSource={people(1, 3)} />, {
        container,
        wrapper: Providers,
      });
      // 600 px minus the pagination bar (52 px).
      expect(tableBody()).toHaveStyle({ maxHeight: '548px' });

      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      setWindowHeight(800);
      fireEvent(window, new Event('resize'));
      fireEvent(window, new Event('resize'));
      act(() => vi.advanceTimersByTime(199));
      expect(tableBody()).toHaveStyle({ maxHeight: '548px' });
      act(() => vi.advanceTimersByTime(1));
      expect(tableBody()).toHaveStyle({ maxHeight: '748px' });

      // A window too short for five rows keeps the minimum and lets the page scroll.
      setWindowHeight(200);
      fireEvent(window, new Event('resize'));
      act(() => vi.advanceTimersByTime(200));
      expect(tableBody()).toHaveStyle({ maxHeight: `${MIN_SCROLL_BODY_HEIGHT}px` });
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
      setWindowHeight(innerHeight);
      container.remove();
    }
  });

  it('counts what the page shows below the table: the siblings under it and the padding around it', () => {
    const page = document.createElement('main');
    page.style.paddingBottom = '20px';
    const table = document.createElement('div');
    const footer = document.createElement('footer');
    const beside = document.createElement('aside');
    page.append(table, beside, footer);
    document.body.appendChild(page);
    const box = (top: number, height: number) => () =>
      DOMRect.fromRect({ x: 0, y: top, width: 100, height });
    table.getBoundingClientRect = box(100, 300);
    beside.getBoundingClientRect = box(100, 500); // beside the table, not under it
    footer.getBoundingClientRect = box(410, 50); // 10 px gap + 50 px footer
    try {
      expect(spaceBelow(table)).toBe(10 + 50 + 20);
    } finally {
      page.remove();
    }
  });
});

describe('pageAfterDelete', () => {
  it.each([
    { currentPage: 3, rowsLeftOnPage: 0, expected: 2 },
    { currentPage: 2, rowsLeftOnPage: 0, expected: 1 },
    { currentPage: 1, rowsLeftOnPage: 0, expected: 1 },
    { currentPage: 3, rowsLeftOnPage: 1, expected: 3 },
    { currentPage: 1, rowsLeftOnPage: 5, expected: 1 },
  ])(
    'page $currentPage with $rowsLeftOnPage rows left → $expected',
    ({ currentPage, rowsLeftOnPage, expected }) => {
      expect(pageAfterDelete(currentPage, rowsLeftOnPage)).toBe(expected);
    },
  );
});
