import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { AppProviders, buildTheme } from './app-providers';
import { DEFAULT_CONFIG } from './config';

/** A matchMedia that answers `reduce` for the reduced-motion query. */
function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function MotionProbe() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

afterEach(() => vi.unstubAllGlobals());

describe('reduced motion', () => {
  it('keeps antd motion by default and switches it off when asked', () => {
    expect(buildTheme(DEFAULT_CONFIG).token?.motion).toBe(true);
    expect(buildTheme(DEFAULT_CONFIG, true).token?.motion).toBe(false);
  });

  it.each([
    [false, 'true'],
    [true, 'false'],
  ])('follows the system setting (reduce: %s)', (reduce, motion) => {
    prefersReducedMotion(reduce);
    render(
      <AppProviders config={DEFAULT_CONFIG}>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe(motion);
  });
});
