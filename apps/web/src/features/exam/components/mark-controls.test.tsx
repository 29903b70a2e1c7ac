import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MarkControls, scoreProblem } from './mark-controls';

const markAnswer = vi.hoisted(() => vi.fn());
vi.mock('../api', () => ({ markAnswer }));

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('scoreProblem', () => {
  it('allows 0 to the question points only', () => {
    expect(scoreProblem(null, 10)).toBe('请输入得分');
    expect(scoreProblem(-1, 10)).toBe('得分不能为负');
    expect(scoreProblem(10.5, 10)).toBe('得分不能超过本题分值 10.0');
    expect(scoreProblem(0, 10)).toBeNull();
    expect(scoreProblem(10, 10)).toBeNull();
  });
});

describe('MarkControls', () => {
  beforeEach(() => markAnswer.mockReset());

  it('keeps the score within the points and saves it with the comment', async () => {
    markAnswer.mockResolvedValue({ attemptId: 3, status: 2, score: 28, pendingMarks: 0 });
    const onSaved = vi.fn();
    render(
      wrap(
        <MarkControls
          attemptId={3}
          questionId={9}
          points={10}
          score={null}
          comment={null}
          label="张三"
          onSaved={onSaved}
        />,
      ),
    );
    const input = screen.getByLabelText('张三 得分');
    const submit = screen.getByRole('button', { name: '提交评分' });
    expect(submit).toBeDisabled();

    // More than the points is not accepted: the input falls back to the question's points.
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input).toHaveValue('10.0'));

    fireEvent.change(input, { target: { value: '8.5' } });
    fireEvent.change(screen.getByLabelText('张三 评语'), { target: { value: ' 要点齐全 ' } });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ pendingMarks: 0 })));
    expect(markAnswer).toHaveBeenCalledWith({ attemptId: 3, questionId: 9, score: 8.5, comment: '要点齐全' });
  });

  it('offers to change a score already given', () => {
    render(
      wrap(
        <MarkControls
          attemptId={3}
          questionId={9}
          points={10}
          score={6}
          comment="一般"
          label="考生 3"
          onSaved={() => undefined}
        />,
      ),
    );
    expect(screen.getByRole('button', { name: '修改评分' })).toBeEnabled();
    expect(screen.getByLabelText('考生 3 评语')).toHaveValue('一般');
  });
});
