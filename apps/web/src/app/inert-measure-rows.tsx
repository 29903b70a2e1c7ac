import { useEffect } from 'react';

function markMeasureRows(root: ParentNode): void {
  for (const row of root.querySelectorAll('.ant-table-measure-row:not([inert])'))
    row.setAttribute('inert', '');
}

/**
 * antd's Table copies its header (a select-all checkbox, sorter buttons) into an aria-hidden row that
 * measures the columns; every table of the app, ours (DataTable) and feature tables alike, gets that row
 * inert, which keeps the copy out of the tab order (WCAG 4.1.2, axe's aria-hidden-focus). Watching the
 * document once is the one place for it, rather than a hook in each of the many `Table`s.
 */
export function InertMeasureRows(): null {
  useEffect(() => {
    let frame = 0;
    const observer = new MutationObserver(() => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        markMeasureRows(document);
      });
    });
    markMeasureRows(document);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return null;
}
