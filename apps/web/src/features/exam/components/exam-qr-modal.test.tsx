import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ExamQrModal } from './exam-qr-modal';

const fetchExamLink = vi.hoisted(() =>
  vi.fn((examId: number, type: 1 | 2) =>
    Promise.resolve({ url: `http://kp.test/m/exams/${examId}${type === 2 ? '?type=2' : ''}` }),
  ),
);
vi.mock('../api', () => ({
  fetchExamLink,
  examKeys: { link: (examId: number, type: number) => ['exam', 'link', examId, type] },
}));

describe('ExamQrModal', () => {
  it('shows a 300×300 code of the exam link in both variants and copies the link', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    // jsdom has no canvas; the code's drawing is not what is tested here.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ExamQrModal exam={{ examId: 7, name: '安全考试' }} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('「安全考试」二维码')).toBeInTheDocument();
    const url = screen.getByLabelText('考试链接地址');
    await waitFor(() => expect(url).toHaveValue('http://kp.test/m/exams/7'));
    expect(screen.getByTestId('exam-qr')).toHaveStyle({ width: '300px', height: '300px' });

    fireEvent.click(screen.getByText('考试说明链接'));
    await waitFor(() => expect(url).toHaveValue('http://kp.test/m/exams/7?type=2'));
    expect(fetchExamLink).toHaveBeenCalledWith(7, 2);

    fireEvent.click(screen.getByRole('button', { name: /复制链接/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('http://kp.test/m/exams/7?type=2'));
  });
});
