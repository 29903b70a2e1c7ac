/**
 * The sign-in page's two tabs (WAI-ARIA tabs pattern, automatic activation): one tab stop, ←/→ move
 * between tabs and Home/End to the first and last, the panel holds only the active tab's form.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface LoginTab<K extends string> {
  key: K;
  label: string;
}

/** The tab the key moves to from `index` among `count` tabs, or null for other keys. */
export function tabAfterKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export function LoginTabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
  children,
}: {
  tabs: readonly LoginTab<K>[];
  active: K;
  onChange: (key: K) => void;
  /** The tab list's accessible name. */
  label: string;
  /** The active tab's panel. */
  children: ReactNode;
}): ReactNode {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === active);
    const next = tabAfterKey(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.key);
    buttons.current[next]?.focus();
  };
  return (
    <div className="kp-tabs">
      <div role="tablist" aria-label={label} className="kp-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`kp-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={selected ? `kp-tabpanel-${tab.key}` : undefined}
              tabIndex={selected ? 0 : -1}
              className={selected ? 'kp-tabs__tab kp-tabs__tab--active' : 'kp-tabs__tab'}
              onClick={() => {
                if (!selected) onChange(tab.key);
              }}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`kp-tabpanel-${active}`} aria-labelledby={`kp-tab-${active}`}>
        {children}
      </div>
    </div>
  );
}
