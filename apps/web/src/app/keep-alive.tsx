import { Activity, useRef, type ReactNode } from 'react';
import {
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useMatches,
  useNavigationType,
  useOutlet,
  type Location,
} from 'react-router';
import { deepestHandle } from './route-handle';

/**
 * Keep-alive for routes whose handle says so (design.md §4): their page stays mounted but hidden
 * (React `<Activity mode="hidden">`, which also pauses its effects) while the user is elsewhere in /manage,
 * and comes back with its state intact. The cache is bounded; the least recently shown page goes first.
 */
export const KEEP_ALIVE_LIMIT = 10;

interface CachedPage {
  key: string;
  element: ReactNode;
  location: Location;
}

/** Keeps `entries` in least-recently-used order with the visited key last, bounded by `limit`. */
export function touchCache<T extends { key: string }>(entries: readonly T[], entry: T, limit: number): T[] {
  const rest = entries.filter((item) => item.key !== entry.key);
  const next = [...rest, entry];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

export function KeepAliveOutlet({ limit = KEEP_ALIVE_LIMIT }: { limit?: number }): ReactNode {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const handle = deepestHandle(useMatches());
  const cacheRef = useRef<CachedPage[]>([]);

  const key = location.pathname;
  const keepCurrent = Boolean(handle?.keepAlive && outlet);
  if (keepCurrent) {
    // Re-inserting is idempotent, so a repeated render (StrictMode, concurrent retries) is harmless.
    cacheRef.current = touchCache(cacheRef.current, { key, element: outlet, location }, limit);
  }
  const cached = cacheRef.current;

  return (
    <>
      {cached.map((page) => {
        const visible = keepCurrent && page.key === key;
        return (
          <Activity key={page.key} mode={visible ? 'visible' : 'hidden'}>
            {/* A hidden page keeps seeing its own location, not the one the user moved to. */}
            <LocationContext.Provider value={{ location: page.location, navigationType }}>
              {page.element}
            </LocationContext.Provider>
          </Activity>
        );
      })}
      {keepCurrent ? null : outlet}
    </>
  );
}
