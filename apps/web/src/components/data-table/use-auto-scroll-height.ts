import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';
import { RESIZE_THROTTLE_MS } from '@kaopei/shared';

/** Never squeeze the body below about five rows: on a short screen the page scrolls instead. */
export const MIN_SCROLL_BODY_HEIGHT = 240;

function isOutOfFlow(element: Element): boolean {
  const { position, display } = window.getComputedStyle(element);
  return position === 'absolute' || position === 'fixed' || display === 'none';
}

/**
 * Height of what the page lays out below `element` down to the end of the document: at each level up to
 * <body>, the siblings that sit below (footer, gaps, margins) and the ancestor's bottom padding and border.
 * Measured from the siblings' own boxes, never from an ancestor's bottom, so a container stretched to fill
 * the screen (or one only as tall as the table) does not feed the table's own height back in.
 */
export function spaceBelow(element: HTMLElement): number {
  let total = 0;
  let node: HTMLElement = element;
  while (node.parentElement && node !== document.body) {
    const parent: HTMLElement = node.parentElement;
    const nodeRect = node.getBoundingClientRect();
    let lowest = nodeRect.bottom + (Number.parseFloat(window.getComputedStyle(node).marginBottom) || 0);
    for (const sibling of Array.from(parent.children)) {
      if (sibling === node || isOutOfFlow(sibling)) continue;
      const rect = sibling.getBoundingClientRect();
      if (rect.height === 0 || rect.top < nodeRect.bottom - 1) continue;
      const marginBottom = Number.parseFloat(window.getComputedStyle(sibling).marginBottom) || 0;
      lowest = Math.max(lowest, rect.bottom + marginBottom);
    }
    const style = window.getComputedStyle(parent);
    const padding = (Number.parseFloat(style.paddingBottom) || 0) + (Number.parseFloat(style.borderBottomWidth) || 0);
    total += lowest - nodeRect.bottom + padding;
    node = parent;
  }
  return total;
}

/**
 * Height for the table body (antd `scroll.y`) so that the table, its pagination (`belowBody`) and whatever
 * the page shows under the table (padding, footer) fit in the window: the viewport's height minus the
 * body's top in the document, `belowBody` and `spaceBelow(root)`, at least MIN_SCROLL_BODY_HEIGHT.
 * Recomputed on mount, on window resize and when anything around the table changes size (a filter row
 * wrapping, an alert above, the page shown again by keep-alive), throttled to RESIZE_THROTTLE_MS with a
 * trailing call so the final size always wins. `undefined` when disabled or before the table is laid out.
 */
export function useAutoScrollHeight(
  rootRef: RefObject<HTMLDivElement | null>,
  enabled: boolean,
  belowBody: number,
): number | undefined {
  const [scrollHeight, setScrollHeight] = useState<number | undefined>(undefined);

  const measure = useCallback(() => {
    const root = rootRef.current;
    // Not laid out (a keep-alive page in the background, or no layout engine at all): keep the last value.
    if (!root || root.getBoundingClientRect().width === 0) return;
    const body = root.querySelector('.ant-table-tbody') ?? root;
    const bodyTop = body.getBoundingClientRect().top + window.scrollY;
    const available = Math.floor(window.innerHeight - bodyTop - belowBody - spaceBelow(root));
    setScrollHeight(Math.max(available, MIN_SCROLL_BODY_HEIGHT));
  }, [rootRef, belowBody]);

  useLayoutEffect(() => {
    if (enabled) measure();
    else setScrollHeight(undefined);
  }, [enabled, measure]);

  useEffect(() => {
    const root = rootRef.current;
    if (!enabled || !root) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        measure();
      }, RESIZE_THROTTLE_MS);
    };
    window.addEventListener('resize', schedule);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    // The table itself (shown again after keep-alive) and everything beside its ancestors: what is above
    // moves the body's top, what is below takes room.
    observer?.observe(root);
    for (let node: HTMLElement | null = root; node && node !== document.body; node = node.parentElement) {
      for (const sibling of Array.from(node.parentElement?.children ?? [])) {
        if (sibling !== node) observer?.observe(sibling);
      }
    }
    return () => {
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [enabled, measure, rootRef]);

  return scrollHeight;
}
