import { useRef, useState, type ReactNode } from 'react';
import { Tag } from 'antd';
import { videoCompleted } from '@kaopei/shared';
import type { OpenedSection, ProgressResult } from '../api';
import { formatClock } from '../video-progress';
import { useVideoProgress } from '../use-video-progress';

const RATES = [0.75, 1, 1.25, 1.5, 2] as const;

/**
 * The HTML5 player of a video section: resumes at the stored position, reports what played every
 * PROGRESS_REPORT_SECONDS while playing and at pause, seek, end and page hide; with no-skip the seek
 * bar cannot pass the watched frontier (the server is the judge; this keeps the learner from trying).
 */
export function VideoPlayer({
  section,
  onResult,
}: {
  section: OpenedSection;
  onResult: (result: ProgressResult) => void;
}): ReactNode {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [watched, setWatched] = useState(section.watchedSeconds);
  const [completed, setCompleted] = useState(section.completed);
  const [rate, setRate] = useState(1);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  useVideoProgress(videoRef, section, {
    onWatched: setWatched,
    onCompleted: () => setCompleted(true),
    onResult: (result) => onResultRef.current(result),
  });

  const duration = section.durationSeconds;
  const share = duration > 0 ? Math.min(100, Math.floor((watched * 100) / duration)) : 0;
  return (
    <div>
      <video
        ref={videoRef}
        className="kp-learn-video"
        src={section.mediaUrl ?? undefined}
        poster={section.posterUrl ?? undefined}
        controls
        playsInline
        preload="metadata"
        controlsList="nodownload"
        aria-label={section.title}
        data-testid="course-video"
      />
      <div className="kp-learn-player__bar">
        <span aria-live="polite" data-testid="video-progress">
          {completed ? <Tag color="success">已完成</Tag> : null}
          已观看 {share}%{duration > 0 ? ` · 时长 ${formatClock(duration)}` : ''}
          {!completed && duration > 0 && !videoCompleted(watched, duration, section.completePercent)
            ? ` · 观看 ${section.completePercent}% 即完成`
            : ''}
        </span>
        <label>
          倍速{' '}
          <select
            value={rate}
            onChange={(e) => {
              const next = Number(e.target.value);
              setRate(next);
              if (videoRef.current) videoRef.current.playbackRate = next;
            }}
          >
            {RATES.map((r) => (
              <option key={r} value={r}>
                {r}×
              </option>
            ))}
          </select>
        </label>
      </div>
      {section.noSkip ? <p className="kp-m-muted">本课程视频不能拖动到未观看过的位置。</p> : null}
    </div>
  );
}
