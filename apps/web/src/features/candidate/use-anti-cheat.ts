import { useCallback, useEffect, useRef, useState } from 'react';
import { reportEvents, type AntiCheatEventKind, type EventsResult } from './anti-cheat-api';
import { AntiCheatReporter, HEARTBEAT_MS, heartbeatDue } from './anti-cheat';
import type { AttemptView } from './api';

/**
 * Switching tabs in full screen makes the browser leave full screen too: a tab switch and a full-screen
 * exit this close together count as one leave.
 */
export const LEAVE_DEDUP_MS = 2000;

export interface AntiCheatHandlers {
  /** A leave (tab switch or full-screen exit) was recorded; `result.leavesLeft` says how many remain. */
  onLeave: (result: EventsResult) => void;
  /** The server closed the attempt for passing the leave limit. */
  onAutoSubmitted: () => void;
  /** Copy, cut, paste or the context menu was blocked. */
  onBlocked: (kind: 'copy' | 'paste' | 'menu') => void;
  /** When answers were last saved (ms), if ever: a recent save stands in for a heartbeat. */
  lastSavedAt: () => number | null;
}

function fullscreenSupported(): boolean {
  return typeof document !== 'undefined' && document.fullscreenEnabled === true;
}

/**
 * The exam page's anti-cheating rules while `active`: reports tab switches (the page becoming hidden),
 * full-screen exits when full screen is required, blocked copy/paste, and a heartbeat every 20 s unless
 * answers were saved meanwhile.
 * Returns whether the candidate must (re-)enter full screen before answering, and a way to report
 * other events (webcam consent).
 */
export function useAntiCheat(
  attemptId: number,
  settings: AttemptView['antiCheat'],
  active: boolean,
  handlers: AntiCheatHandlers,
) {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  }, [handlers]);
  const [reporter] = useState(
    () =>
      new AntiCheatReporter(
        (events) => reportEvents(attemptId, events),
        (result, kinds) => {
          if (kinds.some((kind) => kind === 'tab_switch' || kind === 'fullscreen_exit'))
            handlersRef.current.onLeave(result);
          if (result.submitted) handlersRef.current.onAutoSubmitted();
        },
      ),
  );
  const requireFullscreen = settings.requireFullscreen && fullscreenSupported();
  const [needsFullscreen, setNeedsFullscreen] = useState(
    () => requireFullscreen && !document.fullscreenElement,
  );
  const lastLeave = useRef<{ kind: string; at: number }>({ kind: '', at: 0 });

  const report = useCallback((kind: AntiCheatEventKind) => void reporter.add(kind), [reporter]);

  useEffect(() => {
    if (!active) return;
    const leave = (kind: 'tab_switch' | 'fullscreen_exit') => {
      const now = Date.now();
      const previous = lastLeave.current;
      const sameLeave = previous.kind !== kind && now - previous.at < LEAVE_DEDUP_MS;
      lastLeave.current = { kind, at: now };
      if (!sameLeave) void reporter.add(kind, now);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave('tab_switch');
    };
    const onFullscreen = () => {
      if (!requireFullscreen) return;
      if (document.fullscreenElement) {
        setNeedsFullscreen(false);
      } else {
        setNeedsFullscreen(true);
        leave('fullscreen_exit');
      }
    };
    const block = (kind: 'copy' | 'paste' | 'menu') => (event: Event) => {
      event.preventDefault();
      handlersRef.current.onBlocked(kind);
      if (kind !== 'menu') void reporter.add(kind === 'copy' ? 'copy_blocked' : 'paste_blocked');
    };
    const onCopy = block('copy');
    const onPaste = block('paste');
    const onMenu = block('menu');
    const onOnline = () => void reporter.flush();
    document.addEventListener('visibilitychange', onVisibility);
    document.addEventListener('fullscreenchange', onFullscreen);
    window.addEventListener('online', onOnline);
    if (settings.blockCopyPaste) {
      document.addEventListener('copy', onCopy);
      document.addEventListener('cut', onCopy);
      document.addEventListener('paste', onPaste);
      document.addEventListener('contextmenu', onMenu);
    }
    void reporter.add('heartbeat');
    const heartbeat = setInterval(() => {
      if (heartbeatDue(Date.now(), handlersRef.current.lastSavedAt())) void reporter.add('heartbeat');
    }, HEARTBEAT_MS);
    return () => {
      clearInterval(heartbeat);
      document.removeEventListener('visibilitychange', onVisibility);
      document.removeEventListener('fullscreenchange', onFullscreen);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCopy);
      document.removeEventListener('paste', onPaste);
      document.removeEventListener('contextmenu', onMenu);
    };
  }, [active, reporter, requireFullscreen, settings.blockCopyPaste]);

  useEffect(() => () => reporter.stop(), [reporter]);

  /** Must run from a click (browsers allow full screen only on a user gesture). */
  const enterFullscreen = useCallback(async () => {
    try {
      await document.documentElement.requestFullscreen();
      setNeedsFullscreen(false);
    } catch {
      // Refused: the overlay stays and the candidate can try again.
    }
  }, []);

  return { needsFullscreen: requireFullscreen && needsFullscreen, enterFullscreen, report };
}
