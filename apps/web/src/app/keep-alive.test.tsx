import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { KeepAliveOutlet, touchCache } from './keep-alive';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  const location = useLocation();
  return (
    <div>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        {name} {count}
      </button>
      <span data-testid={`${name}-path`}>{location.pathname}</span>
    </div>
  );
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        path: '/manage',
        Component: KeepAliveOutlet,
        children: [
          { path: 'list', element: <Counter name="list" />, handle: { title: '列表', keepAlive: true } },
          { path: 'plain', element: <Counter name="plain" />, handle: { title: '普通' } },
        ],
      },
    ],
    { initialEntries: ['/manage/list'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('KeepAliveOutlet', () => {
  it('keeps a keep-alive page mounted, hidden, with its state', async () => {
    const router = setup();
    fireEvent.click(screen.getByRole('button', { name: 'list 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'list 1' }));

    await act(() => router.navigate('/manage/plain'));
    expect(screen.getByRole('button', { name: 'plain 0' })).toBeVisible();
    // Still in the DOM, hidden, and still seeing its own location.
    expect(screen.getByText('list 2', { selector: 'button' })).not.toBeVisible();
    expect(screen.getByTestId('list-path')).toHaveTextContent('/manage/list');

    await act(() => router.navigate('/manage/list'));
    expect(screen.getByRole('button', { name: 'list 2' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /plain/ })).toBeNull();
  });

  it('does not keep ordinary pages', async () => {
    const router = setup();
    await act(() => router.navigate('/manage/plain'));
    fireEvent.click(screen.getByRole('button', { name: 'plain 0' }));
    await act(() => router.navigate('/manage/list'));
    await act(() => router.navigate('/manage/plain'));
    expect(screen.getByRole('button', { name: 'plain 0' })).toBeVisible();
  });
});

describe('touchCache', () => {
  it('moves the visited entry last and evicts the least recently used beyond the limit', () => {
    let cache = [{ key: 'a' }, { key: 'b' }, { key: 'c' }];
    cache = touchCache(cache, { key: 'a' }, 3);
    expect(cache.map((e) => e.key)).toEqual(['b', 'c', 'a']);
    cache = touchCache(cache, { key: 'd' }, 3);
    expect(cache.map((e) => e.key)).toEqual(['c', 'a', 'd']);
  });
});
