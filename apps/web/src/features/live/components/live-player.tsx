import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import type Hls from 'hls.js';
import { absoluteUrl } from '../api';

/** Seconds before a playlist that is not there yet (the push has only just started) is asked for again. */
const RETRY_MS = 3000;

/**
 * The live picture: HLS through hls.js (loaded only when a class is live), or the browser's own HLS where
 * it has one and no Media Source Extensions (Safari on iPhone). Starts muted so that browsers let it play
 * at once; the controls unmute it.
 */
export function LivePlayer({ hlsUrl, title }: { hlsUrl: string; title: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const url = absoluteUrl(hlsUrl);
    let hls: Hls | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const play = () => void video.play().catch(() => undefined);

    const start = async () => {
      const { default: HlsClass } = await import('hls.js');
      if (stopped) return;
      if (!HlsClass.isSupported()) {
        if (video.canPlayType('application/vnd.apple.mpegurl')) {
          video.src = url;
          play();
        } else setProblem('当前浏览器不支持直播播放，请使用最新版 Chrome、Edge、Safari 或 Firefox');
        return;
      }
      hls = new HlsClass({ liveSyncDurationCount: 2, manifestLoadingMaxRetry: 2 });
      hls.on(HlsClass.Events.MANIFEST_PARSED, () => {
        setProblem(null);
        play();
      });
      hls.on(HlsClass.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        hls?.destroy();
        hls = null;
        setProblem('正在等待直播画面…');
        retry = setTimeout(() => void start(), RETRY_MS);
      });
      hls.loadSource(url);
      hls.attachMedia(video);
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(retry);
      hls?.destroy();
    };
  }, [hlsUrl]);

  return (
    <div className="live-player">
      <video
        ref={videoRef}
        className="live-video"
        data-testid="live-video"
        controls
        muted
        playsInline
        aria-label={`直播：${title}`}
      />
      {problem && <Alert className="live-player-note" type="info" showIcon message={problem} />}
    </div>
  );
}

/** The recording of an ended class, a plain MP4 (signed URL). */
export function RecordingPlayer({ url, title }: { url: string; title: string }) {
  return (
    <div className="live-player">
      <video
        className="live-video"
        controls
        playsInline
        preload="metadata"
        src={absoluteUrl(url)}
        aria-label={`回放：${title}`}
      />
    </div>
  );
}
