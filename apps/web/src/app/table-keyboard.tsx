import { useEffect } from 'react';

/** The parts of antd's Table that scroll: the body under a fixed header, the content of a wide table. */
const SCROLLERS = '.ant-table-body:not([tabindex]), .ant-table-content:not([tabindex])';

function fixTables(root: ParentNode): void {
  for (const row of root.querySelectorAll('.ant-table-measure-row:not([inert])'))
    row.setAttribute('inert', '');
  for (const scroller of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const { overflowX, overflowY } = getComputedStyle(scroller);
    if (/auto|scroll/.test(`${overflowX} ${overflowY}`)) scroller.tabIndex = 0;
  }
}

/**
 * Keyboard access to every antd Table of the app, ours (DataTable) and feature tables alike, in one
 * place rather than a hook in each of the many `Table`s:
 * - antd copies the header (a select-all checkbox, sorter buttons) into an aria-hidden row that measures
 *   the columns; that row is made inert, which keeps the copy out of the tab order (WCAG 4.1.2, axe's
 *   aria-hidden-focus);
 * - a table that scrolls (a fixed header, or wider than its box) takes the focus, so arrow keys scroll it
 *   even when its cells hold nothing focusable — figures only (WCAG 2.1.1, axe's
 *   scrollable-region-focusable).
 */
export function TableKeyboard(): null {
  useEffect(() => {
    let frame = 0;
    const observer = new MutationObserver(() => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        fixTables(document);
      });
    });
    fixTables(document);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return null;
}
