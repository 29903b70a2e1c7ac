import { useEffect, useRef, type ReactNode } from 'react';
import { Tag } from 'antd';
import { connectionLabel } from '../interview-rules';

/** One participant's video with their name and, for a remote one, the connection state in words. */
export function VideoTile({
  stream,
  name,
  mine,
  state,
}: {
  stream: MediaStream | null;
  name: string;
  mine?: boolean;
  state?: RTCPeerConnectionState;
}): ReactNode {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (video && video.srcObject !== stream) video.srcObject = stream;
  });
  return (
    <figure className="kp-interview-tile" data-testid={mine ? 'local-video' : 'remote-video'}>
      <video ref={ref} autoPlay playsInline muted={mine} aria-label={mine ? '我的画面' : `${name}的画面`} />
      <figcaption>
        {name}
        {mine ? '（我）' : null}
        {state ? (
          <Tag
            color={state === 'connected' ? 'green' : state === 'failed' ? 'red' : 'default'}
            data-testid="peer-state"
          >
            {connectionLabel(state)}
          </Tag>
        ) : null}
      </figcaption>
    </figure>
  );
}
