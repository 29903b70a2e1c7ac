import { useEffect, useRef, type RefObject } from 'react';
import { MAX_PLAYBACK_RATE, PROGRESS_REPORT_SECONDS } from '@kaopei/shared';
import { toast } from '../../lib/feedback';
import { reportProgress, reportProgressOnLeave, type OpenedSection, type ProgressResult } from './api';
import { VideoProgressTracker, type SegmentReport } from './video-progress';

export const NO_SKIP_MESSAGE = '本课程不允许拖动到未观看的位置';

interface ProgressHandlers {
  onWatched: (seconds: number) => void;
  onCompleted: () => void;
  onResult: (result: ProgressResult) => void;
}

/**
 * Wires a <video> to the progress reports: resume at the stored position, a report every
 * PROGRESS_REPORT_SECONDS while playing and at pause, seek, end, page hide and leaving the page; with
 * no-skip a seek past the frontier is put back (the server is the judge: this keeps the learner from trying).
 */
export function useVideoProgress(
  videoRef: RefObject<HTMLVideoElement | null>,
  section: OpenedSection,
  callbacks: ProgressHandlers,
): void {
  const handlers = useRef(callbacks);
  handlers.current = callbacks;
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const tracker = new VideoProgressTracker(section.positionSeconds, section.frontier, section.noSkip);
    let timer: number | undefined;
    let correcting = false;

    const send = async (report: SegmentReport, force = false) => {
      if (!force && report.positionSeconds <= report.fromSeconds) return;
      try {
        const result = await reportProgress({ sectionId: section.sectionId, ...report });
        handlers.current.onWatched(result.watchedSeconds);
        if (result.completed) handlers.current.onCompleted();
        const back = tracker.accept(result);
        if (back !== null && videoRef.current) {
          correcting = true;
          videoRef.current.currentTime = back;
          toast.warning(NO_SKIP_MESSAGE);
        }
        handlers.current.onResult(result);
      } catch {
        // The next report carries on from the same segment start; nothing is lost but this call.
      }
    };
    const stopTimer = () => {
      if (timer !== undefined) window.clearInterval(timer);
      timer = undefined;
    };
    const onLoaded = () => {
      const resume = section.positionSeconds;
      if (resume > 0 && (!video.duration || resume < video.duration - 1)) {
        correcting = true;
        video.currentTime = resume;
      }
    };
    const onPlay = () => {
      void send(tracker.play(video.currentTime), true);
      stopTimer();
      timer = window.setInterval(() => {
        if (!video.paused) {
          tracker.advance(video.currentTime);
          void send(tracker.flush());
        }
      }, PROGRESS_REPORT_SECONDS * 1000);
    };
    const onTime = () => {
      if (!video.seeking && !video.paused) tracker.advance(video.currentTime);
    };
    const onSeeking = () => {
      if (correcting) {
        correcting = false;
        tracker.seek(video.currentTime);
        return;
      }
      const { allowed, refused, report } = tracker.seek(video.currentTime);
      void send(report);
      if (refused) {
        correcting = true;
        video.currentTime = allowed;
        toast.warning(NO_SKIP_MESSAGE);
      }
    };
    const onStop = () => {
      stopTimer();
      tracker.advance(video.currentTime);
      void send(tracker.flush());
    };
    const onRate = () => {
      if (video.playbackRate > MAX_PLAYBACK_RATE) video.playbackRate = MAX_PLAYBACK_RATE;
    };
    /** The page is hidden or left: the segment so far goes out with keepalive (it outlives the page). */
    const leave = () => {
      if (!video.paused) tracker.advance(video.currentTime);
      const report = tracker.flush();
      if (report.positionSeconds > report.fromSeconds) {
        reportProgressOnLeave({ sectionId: section.sectionId, ...report });
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    video.addEventListener('loadedmetadata', onLoaded);
    video.addEventListener('play', onPlay);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('seeking', onSeeking);
    video.addEventListener('pause', onStop);
    video.addEventListener('ended', onStop);
    video.addEventListener('ratechange', onRate);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', leave);
    if (video.readyState >= 1) onLoaded();
    return () => {
      stopTimer();
      video.removeEventListener('loadedmetadata', onLoaded);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('seeking', onSeeking);
      video.removeEventListener('pause', onStop);
      video.removeEventListener('ended', onStop);
      video.removeEventListener('ratechange', onRate);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', leave);
      // Leaving the page inside the app (another route).
      leave();
    };
  }, [section, videoRef]);
}
