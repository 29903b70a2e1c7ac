import { render, screen, fireEvent, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi, beforeEach } from 'vitest';
import type * as NoticeApi from '../../features/notice/api';
import type { NoticeMessage } from '../../features/notice/api';
import { BellPanel } from './bell-panel';

vi.mock('../../features/notice/api', async (importOriginal) => {
  const original = await importOriginal<typeof NoticeApi>();
  return {
    ...original,
    fetchHasUnread: vi.fn(),
    fetchBellMessages: vi.fn(),
    markMessageRead: vi.fn(),
  };
});

import { fetchBellMessages, fetchHasUnread, markMessageRead } from '../../features/notice/api';
import { MessageBell } from './message-bell';

const noop = () => undefined;
const NOW = Date.UTC(2024, 5, 1, 12, 0, 0);

function panel(items: NoticeMessage[], extra: Partial<Parameters<typeof BellPanel>[0]> = {}) {
  return render(
    <MemoryRouter>
      <BellPanel
        items={items}
        loading={false}
        error={false}
        hasMore={false}
        loadingMore={false}
        onLoadMore={noop}
        onRetry={noop}
        onHoverUnread={noop}
        now={NOW}
        {...extra}
      />
    </MemoryRouter>,
  );
}

describe('BellPanel', () => {
  it('makes a message about an exam a link to it, and reports the opening', () => {
    const onOpenLink = vi.fn();
    const message: NoticeMessage = {
      noticeReceiveId: 7,
      title: '考试通知',
      type: 1,
      senderName: '管理员',
      content: '您有一场考试「安全考试」',
      status: 1,
      sendTime: NOW - 60_000,
      link: '/m/exams/42',
    };
    panel([message], { onOpenLink });
    const link = screen.getByRole('link', { name: '考试通知' });
    expect(link).toHaveAttribute('href', '/m/exams/42');
    fireEvent.click(link);
    expect(onOpenLink).toHaveBeenCalledWith(message);
  });

  it('leaves a message without a page as plain text', () => {
    panel([
      {
        noticeReceiveId: 8,
        title: '通知',
        type: 0,
        senderName: null,
        link: null,
        content: 'x',
        status: 0,
        sendTime: NOW,
      },
    ]);
    expect(screen.queryByRole('link', { name: '通知' })).toBeNull();
    expect(screen.getByText('通知')).toBeInTheDocument();
  });

  it('shows 暂无消息 when there are no messages', () => {
    panel([]);
    expect(screen.getByText('暂无消息')).toBeInTheDocument();
  });

  it('shows a dot on unread rows and the relative time on read rows', () => {
    panel([
      {
        noticeReceiveId: 1,
        title: null,
        type: 0,
        senderName: null,
        link: null,
        content: '新的考试已发布',
        status: 1,
        sendTime: NOW - 60_000,
      },
      {
        noticeReceiveId: 2,
        title: null,
        type: 0,
        senderName: null,
        link: null,
        content: '学习任务已完成',
        status: 0,
        sendTime: NOW - 5 * 60_000,
      },
    ]);
    const rows = screen.getAllByTestId('bell-item');
    expect(rows[0]).toHaveAttribute('data-unread', 'true');
    expect(screen.getAllByTestId('bell-unread-dot')).toHaveLength(1);
    expect(rows[1]).toHaveTextContent('5分钟前');
  });

  it('reports hovering an unread row only', () => {
    const onHoverUnread = vi.fn();
    panel(
      [
        {
          noticeReceiveId: 1,
          title: null,
          type: 0,
          senderName: null,
          link: null,
          content: '未读',
          status: 1,
          sendTime: NOW,
        },
        {
          noticeReceiveId: 2,
          title: null,
          type: 0,
          senderName: null,
          link: null,
          content: '已读',
          status: 0,
          sendTime: NOW,
        },
      ],
      { onHoverUnread },
    );
    const [unread, read] = screen.getAllByTestId('bell-item');
    fireEvent.mouseEnter(read!);
    fireEvent.mouseEnter(unread!);
    expect(onHoverUnread).toHaveBeenCalledTimes(1);
    expect(onHoverUnread.mock.calls[0]?.[0]).toMatchObject({ noticeReceiveId: 1 });
  });

  it('loads the next page when scrolled to the bottom', () => {
    const onLoadMore = vi.fn();
    panel(
      [
        {
          noticeReceiveId: 1,
          title: null,
          type: 0,
          senderName: null,
          link: null,
          content: 'a',
          status: 0,
          sendTime: NOW,
        },
      ],
      { hasMore: true, onLoadMore },
    );
    const scroller = screen.getByTestId('bell-scroll');
    Object.defineProperty(scroller, 'scrollHeight', { value: 500, configurable: true });
    Object.defineProperty(scroller, 'clientHeight', { value: 360, configurable: true });
    scroller.scrollTop = 140;
    fireEvent.scroll(scroller);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });
});

describe('MessageBell', () => {
  beforeEach(() => {
    vi.mocked(fetchHasUnread).mockReset();
    vi.mocked(fetchBellMessages).mockReset();
    vi.mocked(markMessageRead).mockReset();
  });

  function renderBell() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <MessageBell />
      </QueryClientProvider>,
    );
  }

  it('opens on click and shows 暂无消息 for an empty list', async () => {
    vi.mocked(fetchHasUnread).mockResolvedValue(false);
    vi.mocked(fetchBellMessages).mockResolvedValue({ data: [], total: 0 });
    renderBell();
    fireEvent.click(screen.getByTestId('message-bell'));
    expect(await screen.findByText('暂无消息')).toBeInTheDocument();
    expect(fetchBellMessages).toHaveBeenCalledWith(0, undefined);
  });

  it('shows the red dot when unread messages exist, and marks a hovered message read', async () => {
    vi.mocked(fetchHasUnread).mockResolvedValueOnce(true).mockResolvedValue(false);
    vi.mocked(fetchBellMessages).mockResolvedValue({
      data: [
        {
          noticeReceiveId: 7,
          title: null,
          type: 0,
          senderName: null,
          link: null,
          content: '请参加本周考试',
          status: 1,
          sendTime: Date.now(),
        },
      ],
      total: 1,
    });
    vi.mocked(markMessageRead).mockResolvedValue(undefined);
    renderBell();
    await waitFor(() => expect(screen.getByTestId('message-bell')).toHaveAccessibleName('消息（有未读）'));
    fireEvent.click(screen.getByTestId('message-bell'));
    const row = await screen.findByTestId('bell-item');
    fireEvent.mouseEnter(row);
    await waitFor(() => expect(markMessageRead).toHaveBeenCalledWith(7));
    await waitFor(() => expect(screen.getByTestId('bell-item')).toHaveAttribute('data-unread', 'false'));
  });

  it('is reachable and usable with the keyboard: focus moves in on opening, Tab stays inside, Esc returns to the bell', async () => {
    vi.mocked(fetchHasUnread).mockResolvedValue(false);
    vi.mocked(fetchBellMessages).mockResolvedValue({
      data: [
        {
          noticeReceiveId: 8,
          title: '考试通知',
          type: 1,
          senderName: null,
          link: '/m/exams/1',
          content: '请参加本周考试',
          status: 0,
          sendTime: Date.now(),
        },
      ],
      total: 1,
    });
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MessageBell />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const bell = screen.getByTestId('message-bell');
    bell.focus();
    fireEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: '消息' });
    await waitFor(() => expect(dialog).toHaveFocus());
    const focusable = [...dialog.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
    expect(focusable.length).toBeGreaterThan(1);
    // Tab on the last element goes back to the first; Shift+Tab on the first to the last.
    focusable.at(-1)?.focus();
    fireEvent.keyDown(focusable.at(-1)!, { key: 'Tab', keyCode: 9 });
    expect(focusable[0]).toHaveFocus();
    fireEvent.keyDown(focusable[0]!, { key: 'Tab', keyCode: 9, shiftKey: true });
    expect(focusable.at(-1)).toHaveFocus();
    expect(screen.getByRole('dialog', { name: '消息' })).toBeInTheDocument();
    fireEvent.keyDown(focusable.at(-1)!, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(bell).toHaveFocus());
  });
});
