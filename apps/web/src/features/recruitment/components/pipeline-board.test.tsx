import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import type { RecruitStage } from '@kaopei/shared';
import type { ApplicationRow, Board } from '../api';
import { PipelineBoard } from './pipeline-board';

function card(applicationId: number, name: string, stage: RecruitStage): ApplicationRow {
  return {
    applicationId,
    applicantId: applicationId + 100,
    jobId: 1,
    jobName: 'Java 开发',
    name,
    phone: '13760001001',
    email: null,
    school: '浙江大学',
    degree: '本科',
    years: 3,
    stage,
    stageChangedAt: 0,
    appliedAt: 0,
    source: 'web',
    campusSessionId: null,
    testScore: stage === 'interview' ? 88 : null,
    testTotal: stage === 'interview' ? 100 : null,
    testSent: stage === 'interview',
    rating: null,
    tags: [],
    hiredUserId: null,
  };
}

const board = (hasPaper: boolean): Board => ({
  job: { jobId: 1, name: 'Java 开发', status: 'published', hasPaper },
  columns: [
    { stage: 'screening', total: 1, cards: [card(1, '孙浩然', 'screening')] },
    { stage: 'interview', total: 1, cards: [card(2, '黄子豪', 'interview')] },
    { stage: 'hired', total: 1, cards: [card(3, '潘晨曦', 'hired')] },
  ],
});

function renderBoard(hasPaper: boolean, onMove: (ids: number[], to: RecruitStage) => void) {
  render(
    <MemoryRouter>
      <App>
        <PipelineBoard board={board(hasPaper)} onMove={onMove} />
      </App>
    </MemoryRouter>,
  );
}

describe('PipelineBoard', () => {
  it('opens a card’s 移动到… menu from the keyboard and moves it to the chosen stage only', async () => {
    const onMove = vi.fn();
    renderBoard(true, onMove);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: '把孙浩然移动到…' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('筛选')).toBeNull();
    expect(within(menu).queryByText('入职')).toBeNull();
    await user.click(within(menu).getByText('笔试'));
    await waitFor(() => expect(onMove).toHaveBeenCalledWith([1], 'test'));
  });

  it('shows columns with totals, the test score on the card, and no menu on a hire', async () => {
    const onMove = vi.fn();
    renderBoard(false, onMove);
    expect(screen.getByRole('region', { name: '面试（1 人）' })).toHaveTextContent('笔试 88/100 分');
    expect(screen.queryByRole('button', { name: '把潘晨曦移动到…' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: '把孙浩然移动到…' }));
    const item = (await screen.findByText('笔试（职位未设置笔试试卷）')).closest('li');
    expect(item).toHaveAttribute('aria-disabled', 'true');
  });
});
