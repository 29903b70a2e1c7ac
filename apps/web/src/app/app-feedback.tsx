/**
 * What antd's `App` gave every page — `App.useApp()`'s message, notification and modal, and toasts from
 * outside React (lib/feedback.ts) — without putting them in the entry (issue 14 point 8). The context holds
 * stand-ins with a stable identity; antd's real APIs arrive with FeedbackHost, loaded lazily beside the
 * page, and calls made before that are queued and replayed.
 */
import { lazy, Suspense, useCallback, useContext, type ReactNode } from 'react';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import { registerMessageApi } from '../lib/feedback';

const FeedbackHost = lazy(() => import('./feedback-host'));

type Kind = keyof useAppProps;

let apis: useAppProps | null = null;
const queued: { kind: Kind; method: string; args: unknown[] }[] = [];

type AnyMethod = (...args: unknown[]) => unknown;

function invoke(kind: Kind, method: string, args: unknown[]): unknown {
  if (!apis) {
    queued.push({ kind, method, args });
    return undefined;
  }
  const target = apis[kind] as unknown as Record<string, AnyMethod | undefined>;
  return target[method]?.(...args);
}

/** An API object whose every method forwards to antd's, once loaded. */
function standIn<K extends Kind>(kind: K): useAppProps[K] {
  return new Proxy(
    {},
    {
      get: (_target, method) =>
        typeof method === 'string' ? (...args: unknown[]) => invoke(kind, method, args) : undefined,
    },
  ) as useAppProps[K];
}

/** The stand-ins every `App.useApp()` gets (stable, so effects depending on them do not re-run). */
export const feedbackApis: useAppProps = {
  message: standIn('message'),
  notification: standIn('notification'),
  modal: standIn('modal'),
};

function attach(next: useAppProps | null): void {
  apis = next;
  registerMessageApi(next?.message ?? null);
  if (!next) return;
  for (const { kind, method, args } of queued.splice(0)) invoke(kind, method, args);
}

/** Provides `App.useApp()` and the toasts; a `div.kp-app` carries the base text style antd's App gave. */
export function AppFeedback({ children }: { children: ReactNode }): ReactNode {
  const onReady = useCallback((next: useAppProps | null) => attach(next), []);
  return (
    <AppContext value={feedbackApis}>
      <div className="kp-app">
        {children}
        <Suspense fallback={null}>
          <FeedbackHost onReady={onReady} />
        </Suspense>
      </div>
    </AppContext>
  );
}

/**
 * `App.useApp()` without importing antd's App component (which brings message, notification and modal
 * with it): for pages that watch their own JS budget, such as the candidate's exam page.
 */
export function useAppFeedback(): useAppProps {
  return useContext(AppContext);
}
