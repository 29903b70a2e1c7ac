import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// findBy…/waitFor give up after 1 s by default: too short when `npm test` runs the browser lane beside
// this suite on two cores (a passing wait returns as soon as it holds, so a longer limit costs nothing).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
// React's scheduler runs queued work on a later macrotask; on a busy machine a render queued by a test's
// last update can outlive the file and find jsdom gone ("window is not defined"). Let it run first.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));

// antd relies on matchMedia and ResizeObserver, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}
