import type { ReactElement, ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, useListPage } from './index';

interface Item {
  id: number;
  name: string;
}

/** A server of `count` items, paged zero-based, whose delete removes items. */
function fakeServer(count: number) {
  let items: Item[] = Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `条目${index + 1}`,
  }));
  const fetchPage = vi.fn((filter: { keyword: string }, page: number, size: number) => {
    const matching = items.filter((item) => item.name.includes(filter.keyword));
    return Promise.resolve({ data: matching.slice(page * size, page * size + size), total: matching.length });
  });
  const remove = vi.fn((rows: Item[]) => {
    const ids = new Set(rows.map((row) => row.id));
    items = items.filter((item) => !ids.has(item.id));
    return Promise.resolve({ count: ids.size });
  });
  return { fetchPage, remove };
}

function ListUnderTest({ server }: { server: ReturnType<typeof fakeServer> }): ReactNode {
  const list = useListPage({
    initialFilter: { keyword: '' },
    queryKey: (filter, page, size) => ['items', filter, page, size],
    fetchPage: server.fetchPage,
    rowKey: 'id',
    invalidate: [['items']],
    remove: server.remove,
  });
  return (
    <>
      <span data-testid="selected">{list.selectedKeys.join(',')}</span>
      <span data-testid="page">{list.paging.page}</span>
      <button type="button" onClick={() => list.updateFilter({ keyword: '1' })}>
        筛选
      </button>
      <DataTable<Item>
        {...list.tableProps}
        columns={[{ title: '名称', dataIndex: 'name' }]}
        autoHeight={false}
        toolbar={[
          {
            id: 'delete',
            label: '删除所选',
            onClick: (rows) => list.confirmDelete(rows, { title: '删除所选？', content: '不可撤销。' }),
          },
        ]}
      />
    </>
  );
}

function Providers({ children }: { children: ReactNode }): ReactElement {
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfigProvider locale={zhCN}>
        <App>{children}</App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

async function goToPage(user: ReturnType<typeof userEvent.setup>, page: number) {
  await user.click(screen.getByTitle(String(page)));
  await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent(String(page)));
}

async function selectAllAndDelete(user: ReturnType<typeof userEvent.setup>) {
  const [selectAll] = screen.getAllByRole('checkbox');
  await user.click(selectAll!);
  await user.click(screen.getByRole('button', { name: '删除所选' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
}

describe('useListPage', () => {
  it('asks zero-based pages of the default size and goes to page 1 on a filter change', async () => {
    const user = userEvent.setup();
    const server = fakeServer(25);
    render(<ListUnderTest server={server} />, { wrapper: Providers });
    expect(await screen.findByText('条目1')).toBeInTheDocument();
    expect(server.fetchPage).toHaveBeenLastCalledWith({ keyword: '' }, 0, 10);

    await goToPage(user, 3);
    expect(server.fetchPage).toHaveBeenLastCalledWith({ keyword: '' }, 2, 10);

    await user.click(screen.getByRole('button', { name: '筛选' }));
    await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent('1'));
    expect(server.fetchPage).toHaveBeenLastCalledWith({ keyword: '1' }, 0, 10);
  });

  it('steps back a page when a delete empties a page above 1, and clears the deleted rows’ selection', async () => {
    const user = userEvent.setup();
    const server = fakeServer(21);
    render(<ListUnderTest server={server} />, { wrapper: Providers });
    await screen.findByText('条目1');
    await goToPage(user, 3);
    expect(await screen.findByText('条目21')).toBeInTheDocument();

    await selectAllAndDelete(user);

    await waitFor(() => expect(server.remove).toHaveBeenCalledWith([{ id: 21, name: '条目21' }]));
    await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent('2'));
    expect(await screen.findByText('条目11')).toBeInTheDocument();
    expect(screen.getByTestId('selected')).toHaveTextContent('');
    expect(server.fetchPage).toHaveBeenLastCalledWith({ keyword: '' }, 1, 10);
  });

  it('stays on page 1 when its last rows go', async () => {
    const user = userEvent.setup();
    const server = fakeServer(3);
    render(<ListUnderTest server={server} />, { wrapper: Providers });
    await screen.findByText('条目1');

    await selectAllAndDelete(user);

    await waitFor(() =>
      expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument(),
    );
    expect(screen.getByTestId('page')).toHaveTextContent('1');
    expect(screen.getByTestId('selected')).toHaveTextContent('');
  });
});
