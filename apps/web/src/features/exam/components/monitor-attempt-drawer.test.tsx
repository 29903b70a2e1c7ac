import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MonitorAttempt, MonitorRow } from '../monitor-api';
import type { MonitorActions } from './monitor-actions';
import {
  AnswerProgress,
  AttemptDetail,
  LeaveCount,
  OnlineMark,
  RemainingTime,
} from './monitor-attempt-drawer';

function row(overrides: Partial<MonitorRow> = {}): MonitorRow {
  return {
    userId: 1,
    name: '张三',
    account: 'zhangsan',
    departmentName: '研发组',
    attemptId: 10,
    state: 'in_progress',
    online: true,
    lastSeenAt: 0,
    answered: 2,
    total: 4,
    startedAt: 0,
    deadlineAt: null,
    remainingSeconds: null,
    tabSwitches: 2,
    fullscreenExits: 1,
    warnings: 1,
    snapshots: 0,
    submitReason: null,
    ...overrides,
  };
}

function actions(): MonitorActions {
  return { warn: vi.fn(), extend: vi.fn(), force: vi.fn(), dialogs: null };
}

describe('monitor cells', () => {
  it('marks online and offline candidates', () => {
    const { rerender } = render(<OnlineMark online />);
    expect(screen.getByTestId('monitor-online')).toHaveTextContent('在线');
    rerender(<OnlineMark online={false} />);
    expect(screen.getByTestId('monitor-online')).toHaveTextContent('离线');
  });

  it('shows progress as answered/total, and nothing before the start', () => {
    const { rerender } = render(<AnswerProgress row={row()} />);
    expect(screen.getByTestId('monitor-progress')).toHaveTextContent('2/4');
    rerender(<AnswerProgress row={row({ attemptId: null })} />);
    expect(screen.queryByTestId('monitor-progress')).toBeNull();
  });

  it('adds tab switches and full-screen exits and highlights many', () => {
    render(<LeaveCount row={row()} />);
    const count = screen.getByTestId('monitor-leaves');
    expect(count).toHaveTextContent('3');
    expect(count).toHaveClass('kp-monitor-leaves--high');
  });

  it('counts down locally from the deadline with the server clock offset', () => {
    vi.useFakeTimers();
    try {
      const now = Date.now();
      // The server's clock is 5 s ahead: 65 s to the deadline on its clock is 60 s left.
      render(<RemainingTime row={row({ deadlineAt: now + 65_000 })} offset={5000} />);
      expect(screen.getByTestId('monitor-remaining')).toHaveTextContent('01:00');
      act(() => {
        vi.advanceTimersByTime(3000);
      });
      expect(screen.getByTestId('monitor-remaining')).toHaveTextContent('00:57');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows no time for a submitted attempt', () => {
    render(<RemainingTime row={row({ state: 'submitted', deadlineAt: Date.now() + 60_000 })} offset={0} />);
    expect(screen.queryByTestId('monitor-remaining')).toBeNull();
  });
});

describe('AttemptDetail', () => {
  const detail: MonitorAttempt = {
    row: row(),
    questions: [
      { sort: 1, type: 0, answered: true, flagged: false },
      { sort: 2, type: 1, answered: true, flagged: true },
      { sort: 3, type: 2, answered: false, flagged: false },
      { sort: 4, type: 4, answered: false, flagged: false },
    ],
    events: [
      { id: 3, kind: 'extend', detail: { minutes: 10 }, actorName: '系统管理员', at: 3000 },
      { id: 2, kind: 'warning', detail: { message: '请勿切屏' }, actorName: '系统管理员', at: 2000 },
      { id: 1, kind: 'tab_switch', detail: null, actorName: null, at: 1000 },
    ],
    snapshots: [],
  };

  it('shows the answered grid, the log in Chinese and the actions', async () => {
    const user = userEvent.setup();
    const handlers = actions();
    render(<AttemptDetail detail={detail} offset={0} actions={handlers} />);
    const grid = screen.getByTestId('monitor-question-grid');
    expect(grid.querySelectorAll('.kp-monitor-cell--answered')).toHaveLength(2);
    expect(grid.querySelectorAll('.kp-monitor-cell--flagged')).toHaveLength(1);
    const log = screen.getByTestId('monitor-events');
    expect(within(log).getByText('延长时间 10 分钟')).toBeInTheDocument();
    expect(within(log).getByText('监考警告：请勿切屏')).toBeInTheDocument();
    expect(within(log).getByText('切换页面')).toBeInTheDocument();
    expect(screen.getByText('没有抓拍')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /警\s*告/ }));
    expect(handlers.warn).toHaveBeenCalledWith(detail.row);
    await user.click(screen.getByRole('button', { name: '强制交卷' }));
    expect(handlers.force).toHaveBeenCalledWith(detail.row);
  });

  it('offers no warning or forced submit once the attempt is submitted', () => {
    render(
      <AttemptDetail
        detail={{ ...detail, row: row({ state: 'graded', submitReason: 'forced' }) }}
        offset={0}
        actions={actions()}
      />,
    );
    expect(screen.getByRole('button', { name: /警\s*告/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: '强制交卷' })).toBeDisabled();
    expect(screen.getByText('交卷方式').closest('tr')).toHaveTextContent('强制交卷');
  });
});
