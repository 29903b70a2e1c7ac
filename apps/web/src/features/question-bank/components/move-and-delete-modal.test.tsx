import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type * as BankApi from '../api';
import type { BankRow } from '../api';

vi.mock('../api', async (importOriginal) => {
  const original = await importOriginal<typeof BankApi>();
  return { ...original, fetchSimpleBanks: vi.fn() };
});

import { fetchSimpleBanks } from '../api';
import { MoveAndDeleteModal } from './move-and-delete-modal';

const bank = {
  bankId: 1,
  name: '安全生产题库',
  questionCount: 3,
} as BankRow;

describe('MoveAndDeleteModal', () => {
  it('offers only my other banks and submits the chosen one', async () => {
    vi.mocked(fetchSimpleBanks).mockResolvedValue([
      { bankId: 1, name: '安全生产题库', isPublic: false },
      { bankId: 2, name: '岗位技能题库', isPublic: false },
      { bankId: 9, name: '公共基础题库', isPublic: true },
    ]);
    const onSubmit = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MoveAndDeleteModal bank={bank} deleting={false} onSubmit={onSubmit} onCancel={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('「安全生产题库」中还有 3 道试题，不能直接删除。')).toBeInTheDocument();
    const ok = screen.getByRole('button', { name: /移动并删除/ });
    expect(ok).toBeDisabled();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '移动到的题库' }));
    await waitFor(() => expect(screen.getAllByText('岗位技能题库').length).toBeGreaterThan(0));
    expect(screen.queryByText('公共基础题库')).not.toBeInTheDocument();
    expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(1);
    fireEvent.click(document.querySelector('.ant-select-item-option') as Element);

    expect(ok).toBeEnabled();
    fireEvent.click(ok);
    expect(onSubmit).toHaveBeenCalledWith(2);
  });
});
