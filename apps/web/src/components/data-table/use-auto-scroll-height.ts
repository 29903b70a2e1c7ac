import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';
import { RESIZE_THROTTLE_MS } from '@kaopei/shared';

/**
 * Height for the table body (antd `scroll.y`) so the whole table block fits between its own top and the
 * bottom of its parent: the available space minus `reservedHeight` (toolbar, pagination) and the header.
 * Recomputed on mount and on window resize, throttled to RESIZE_THROTTLE_MS with a trailing call so the
 * final size always wins. `undefined` when disabled or when there is no room (the table grows instead).
 */
export function useAutoScrollHeight(
  rootRef: RefObject<HTMLDivElement | null>,
  enabled: boolean,
  reservedHeight: number,
): number | undefined {
  const [scrollHeight, setScrollHeight] = useState<number | undefined>(undefined);

  const measure = useCallback(() => {
    const root = rootRef.current;
    const container = root?.parentElement;
    if (!root || !container) return;
    const paddingBottom = Number.parseFloat(window.getComputedStyle(container).paddingBottom) || 0;
    const available =
      container.getBoundingClientRect().bottom - paddingBottom - root.getBoundingClientRect().top;
    const headerHeight = root.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    const bodyHeight = Math.floor(available - reservedHeight - headerHeight);
    setScrollHeight(bodyHeight > 0 ? bodyHeight : undefined);
  }, [rootRef, reservedHeight]);

  useLayoutEffect(() => {
    if (enabled) measure();
    else setScrollHeight(undefined);
  }, [enabled, measure]);

  useEffect(() => {
    if (!enabled) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        measure();
      }, RESIZE_THROTTLE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [enabled, measure]);

  return scrollHeight;
}
