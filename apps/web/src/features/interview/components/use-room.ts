import { useEffect, useRef, useState } from 'react';
import type { CodeRunView, RoomView } from '../api';
import { CodeSync } from './code-sync';
import { PeerMesh, type RemotePeer } from './peer-mesh';
import { RoomSignals, newPeerId } from './room-signals';

export interface RoomState {
  connected: boolean;
  peers: RemotePeer[];
  local: MediaStream | null;
  mediaError: string | null;
  consentAt: number | null;
  lastRun: CodeRunView | null;
}

export interface RoomParts {
  signals: RoomSignals;
  mesh: PeerMesh | null;
  sync: CodeSync;
}

/** Camera and microphone; without them the room still works (code pad, the other side's video). */
async function openMedia(): Promise<{ stream: MediaStream; error: string | null }> {
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ audio: true, video: true }), error: null };
  } catch {
    return { stream: new MediaStream(), error: '无法打开摄像头或麦克风：请在浏览器中允许使用后刷新页面' };
  }
}

/**
 * Joins the room of `room` with `ticket`: opens the camera, the signalling stream, one peer connection
 * per other participant and the shared code pad; leaves everything when unmounted or `leave()` is called.
 */
export function useRoom(ticket: string, room: RoomView) {
  const [state, setState] = useState<RoomState>({
    connected: false,
    peers: [],
    local: null,
    mediaError: null,
    consentAt: room.consentAt,
    lastRun: null,
  });
  const parts = useRef<RoomParts | null>(null);
  const localRef = useRef<MediaStream | null>(null);
  const [sync, setSync] = useState<CodeSync | null>(null);

  useEffect(() => {
    let closed = false;
    const patch = (next: Partial<RoomState>) => {
      if (!closed) setState((current) => ({ ...current, ...next }));
    };
    const peer = newPeerId();
    const holder: { mesh: PeerMesh | null } = { mesh: null };
    const signals = new RoomSignals(ticket, peer, {
      onStatus: (connected) => patch({ connected }),
      onJoin: (presence) => {
        holder.mesh?.connect(presence.peer, presence.name, presence.role);
        codeSync.greet(presence.peer);
      },
      onLeave: (presence) => holder.mesh?.depart(presence.peer),
      onSignal: (signal) => {
        if (signal.type === 'bye') holder.mesh?.depart(signal.from);
        else if (signal.type === 'yjs' || signal.type === 'yjs-state') codeSync.receive(signal);
        else if (signal.type === 'offer' || signal.type === 'answer' || signal.type === 'candidate')
          void holder.mesh?.receive(signal).catch(() => undefined);
      },
      onEvent: (event, data) => {
        if (event === 'consent') patch({ consentAt: (data as { consentAt: number }).consentAt });
        if (event === 'run') patch({ lastRun: data as CodeRunView });
      },
    });
    const codeSync = new CodeSync(signals);
    setSync(codeSync);
    void openMedia().then(({ stream, error }) => {
      if (closed) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      holder.mesh = new PeerMesh(signals, room.iceServers, stream, (peers) => patch({ peers }));
      parts.current = { signals, mesh: holder.mesh, sync: codeSync };
      localRef.current = stream;
      patch({ local: stream, mediaError: error });
      // Signals are listened to once the camera is ready, so an offer always finds our tracks.
      signals.open();
    });
    return () => {
      closed = true;
      signals.close();
      holder.mesh?.close();
      codeSync.destroy();
      parts.current = null;
      for (const track of localRef.current?.getTracks() ?? []) track.stop();
      localRef.current = null;
    };
  }, [ticket, room.iceServers]);

  return { state, sync, parts, setLastRun: (run: CodeRunView) => setState((s) => ({ ...s, lastRun: run })) };
}
