import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadSnapshot, type AntiCheatEventKind } from './anti-cheat-api';

export type WebcamState = 'off' | 'asking' | 'starting' | 'on' | 'denied';

const WIDTH = 320;
const HEIGHT = 240;

/** One frame of the video as a JPEG (about 10–20 KB at this size). */
export function captureFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.drawImage(video, 0, 0, WIDTH, HEIGHT);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.7));
}

/**
 * Webcam snapshots when the exam takes them: the candidate consents first (a dialog), then a frame is
 * uploaded every `intervalSeconds` while `active`. Consent and refusal are reported to the invigilators.
 */
export function useWebcamSnapshots(
  attemptId: number,
  enabled: boolean,
  intervalSeconds: number,
  active: boolean,
  report: (kind: AntiCheatEventKind) => void,
) {
  const [state, setState] = useState<WebcamState>(enabled ? 'asking' : 'off');
  const stream = useRef<MediaStream | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);

  const accept = useCallback(async () => {
    setState('starting');
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { width: WIDTH, height: HEIGHT, facingMode: 'user' },
        audio: false,
      });
      const element = document.createElement('video');
      element.muted = true;
      element.playsInline = true;
      element.srcObject = media;
      await element.play();
      stream.current = media;
      video.current = element;
      setState('on');
      report('webcam_granted');
    } catch {
      setState('denied');
      report('webcam_denied');
    }
  }, [report]);

  const decline = useCallback(() => {
    setState('denied');
    report('webcam_denied');
  }, [report]);

  useEffect(() => {
    if (state !== 'on' || !active) return;
    const take = async () => {
      const element = video.current;
      if (!element) return;
      const image = await captureFrame(element);
      if (image) await uploadSnapshot(attemptId, image).catch(() => undefined);
    };
    const first = setTimeout(() => void take(), 2000);
    const every = setInterval(() => void take(), Math.max(10, intervalSeconds) * 1000);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [state, active, attemptId, intervalSeconds]);

  useEffect(
    () => () => {
      stream.current?.getTracks().forEach((track) => track.stop());
      stream.current = null;
    },
    [],
  );

  return { state, accept, decline };
}
