import type { RouteObject, UIMatch } from 'react-router';

/**
 * Route metadata: the single source for the guard, the menu and keep-alive (design.md §5).
 * - title: page name; under /manage the layout's page header shows it;
 * - description: the line under that header's title, when the page needs one;
 * - menuUrl: the menu entry that grants access (detail pages name their list's entry);
 * - keepAlive: the page stays mounted, hidden, when the user navigates elsewhere in /manage;
 * - public: reachable without signing in and without a menu entry.
 */
export interface RouteHandle {
  title: string;
  description?: string;
  /** The page draws the same PageHeader itself with its own title (the console's greeting). */
  ownHeader?: boolean;
  menuUrl?: string;
  keepAlive?: boolean;
  public?: boolean;
}

export type AppRouteObject = RouteObject & { handle?: RouteHandle };

export function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string'
  );
}

/** Handle of the deepest matched route that has one. */
export function deepestHandle(matches: readonly UIMatch[]): RouteHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
