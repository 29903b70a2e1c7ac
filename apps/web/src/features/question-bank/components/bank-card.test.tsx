import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { BankRow } from '../api';
import { TagType } from '@kaopei/shared';
import { BankCard } from './bank-card';

const LABELS = ['判断题', '单选题', '多选题', '填空题', '简答题', '编程题'];

function bank(overrides: Partial<BankRow> = {}): BankRow {
  const counts = [3, 3, 0, 2, 0, 2];
  return {
    bankId: 7,
    name: '公共基础题库',
    description: '示例试题',
    category: '通用',
    coverUrl: null,
    isPublic: true,
    editable: false,
    tags: [{ tagId: 1, type: TagType.QUESTION_BANK, name: '基础', color: '#1677ff' }],
    questionCount: 10,
    typeCounts: counts.map((count, type) => ({ type, label: LABELS[type] ?? '', count })),
    createdAt: 0,
    updatedAt: 0,
    ...overrides,
  };
}

const handlers = () => ({ onOpen: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn(), onCopy: vi.fn() });

describe('BankCard', () => {
  it('shows a public bank with its counts by type and offers only copying', () => {
    const on = handlers();
    render(<BankCard bank={bank()} copying={false} {...on} />);
    expect(screen.getByText('公开')).toBeInTheDocument();
    expect(screen.getByText('通用')).toBeInTheDocument();
    expect(screen.getByText('基础')).toBeInTheDocument();
    expect(screen.getByText('共 10 题')).toBeInTheDocument();
    expect(screen.getByText('判断 3')).toBeInTheDocument();
    expect(screen.queryByText('多选 0')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /复制到我的题库/ }));
    expect(on.onCopy).toHaveBeenCalledWith(expect.objectContaining({ bankId: 7 }));
    fireEvent.click(screen.getByText('示例试题'));
    expect(on.onOpen).toHaveBeenCalled();
  });

  it('offers editing and deleting on an own bank', () => {
    const on = handlers();
    render(<BankCard bank={bank({ isPublic: false, editable: true })} copying={false} {...on} />);
    expect(screen.queryByText('公开')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /复制到我的题库/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    expect(on.onEdit).toHaveBeenCalledWith(expect.objectContaining({ bankId: 7 }));
    expect(screen.getByRole('button', { name: /删\s*除/ })).toBeInTheDocument();
  });
});
