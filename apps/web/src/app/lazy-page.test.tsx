import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyPage, loadWithTimeout } from './lazy-page';

function Page() {
  return <div>页面内容</div>;
}

describe('lazyPage', () => {
  it('reports a failed chunk and loads it again on retry', async () => {
    const factory = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Page });
    const Lazy = lazyPage(factory);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    // React only flushes suspended work inside an awaited act() in the test environment.
    await act(async () => {
      render(<Lazy />);
    });
    expect(await screen.findByText('页面加载失败')).toBeInTheDocument();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '重 试' }));
    });
    expect(await screen.findByText('页面内容')).toBeInTheDocument();
    expect(factory).toHaveBeenCalledTimes(2);
  });

  it('times out a chunk that never arrives', async () => {
    vi.useFakeTimers();
    try {
      const pending = loadWithTimeout(() => new Promise<never>(() => undefined), 120_000);
      const settled = pending.catch((error: unknown) => error);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(120_000);
      });
      const error = await settled;
      expect(error).toBeInstanceOf(ChunkLoadError);
      expect((error as ChunkLoadError).timedOut).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
