import { useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../lib/http';
import {
  fetchMonitorCandidates,
  fetchMonitorSummary,
  followMonitorStream,
  monitorKeys,
  type MonitorFilter,
  type MonitorRow,
  type MonitorUpdate,
  type StreamStatus,
} from '../monitor-api';
import { changesState, mergeUpdate, offsetFromRow, throttle } from '../monitor-rules';

/** Refetches caused by the stream happen at most this often. */
const REFETCH_THROTTLE_MS = 2000;
/**
 * The page is also read again this often, a safety net for updates the stream cannot carry: a candidate's
 * start (only their presence is pushed) and anything published while this board was reconnecting.
 */
const POLL_MS = 10_000;

/** The board's paging, one-based as the table shows it. */
export interface MonitorPaging {
  page: number;
  size: number;
}

/**
 * The exam's summary and the shown page of candidates, both polled, with the server clock's offset from
 * this browser's (remaining times count from it).
 */
export function useMonitorQueries(examId: number, filter: MonitorFilter, paging: MonitorPaging) {
  const summary = useQuery({
    queryKey: monitorKeys.summary(examId),
    queryFn: () => fetchMonitorSummary(examId),
    refetchInterval: POLL_MS,
  });
  const pageKey = monitorKeys.candidatePage(examId, filter, paging.page, paging.size);
  const list = useQuery({
    queryKey: pageKey,
    queryFn: () => fetchMonitorCandidates(examId, filter, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
  });

  // Server clock minus this browser's, from the rows as they arrive; remaining times count from it.
  const offset = useMemo(() => {
    for (const row of list.data?.data ?? []) {
      const value = offsetFromRow(row, list.dataUpdatedAt);
      if (value !== null) return value;
    }
    return 0;
  }, [list.data, list.dataUpdatedAt]);

  return { summary, list, pageKey, offset };
}

/** What the stream's handlers need of the board as it is now. */
export interface MonitorShown {
  pageKey: readonly unknown[];
  filter: MonitorFilter;
  openAttemptId: number | null;
}

/**
 * Follows the exam's live stream: merges updates into the shown page and asks again (throttled) for the
 * rows, the summary and the open attempt when an update cannot be merged or changes them. Answers the
 * connection's status and a way to reconnect once it has closed.
 */
export function useMonitorStream(examId: number, shown: MonitorShown) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [connection, setConnection] = useState(0);

  // The stream's handlers read the current page and filter through a ref (the stream outlives renders).
  const current = useRef(shown);
  current.current = shown;

  useEffect(() => {
    const refetchRows = throttle(() => {
      void queryClient.invalidateQueries({ queryKey: monitorKeys.candidates(examId) });
    }, REFETCH_THROTTLE_MS);
    const refetchSummary = throttle(() => {
      void queryClient.invalidateQueries({ queryKey: monitorKeys.summary(examId) });
    }, REFETCH_THROTTLE_MS);
    const refetchDetail = throttle(() => {
      const attemptId = current.current.openAttemptId;
      if (attemptId !== null)
        void queryClient.invalidateQueries({ queryKey: monitorKeys.attempt(attemptId) });
    }, REFETCH_THROTTLE_MS);

    const onUpdate = (update: MonitorUpdate) => {
      const { pageKey: key, filter: shownFilter, openAttemptId } = current.current;
      const page = queryClient.getQueryData<Page<MonitorRow>>(key);
      if (page) {
        const before = page.data.find(
          (row) => row.attemptId === update.attemptId || row.userId === update.userId,
        );
        const merged = mergeUpdate(page.data, update);
        if (merged.known) queryClient.setQueryData<Page<MonitorRow>>(key, { ...page, data: merged.rows });
        // An attempt this page does not show (yet), a candidate's new attempt, or a state change under a
        // state filter: ask again.
        if (
          !merged.known ||
          merged.fresh ||
          (shownFilter.state !== undefined && changesState(before, update))
        ) {
          refetchRows.call();
        }
      }
      if (update.state !== undefined || update.online !== undefined) refetchSummary.call();
      if (openAttemptId === update.attemptId) refetchDetail.call();
    };

    const stop = followMonitorStream(examId, {
      onUpdate,
      onStatus: setStatus,
      // Updates sent while disconnected are lost: catch up on every (re)connection.
      onOpen: () => {
        refetchRows.call();
        refetchSummary.call();
      },
    });
    return () => {
      stop();
      refetchRows.cancel();
      refetchSummary.cancel();
      refetchDetail.cancel();
    };
  }, [examId, queryClient, connection]);

  return { status, reconnect: () => setConnection((n) => n + 1) };
}
