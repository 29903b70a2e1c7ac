import type { RoomSignal } from '@kaopei/shared/contracts/interview';
import type { RoomSignals } from './room-signals';

export interface RemotePeer {
  peer: string;
  name: string;
  role: string;
  stream: MediaStream;
  state: RTCPeerConnectionState;
}

interface PeerLink {
  pc: RTCPeerConnection;
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  info: RemotePeer;
  videoSender: RTCRtpSender | null;
}

/**
 * One RTCPeerConnection per other peer in the room, negotiated with the "perfect negotiation" pattern
 * (either side may offer; the politer side — the smaller peer id — yields on a collision), candidates
 * trickled over the room's signals. Local tracks go to every peer; screen sharing swaps the video track.
 */
export class PeerMesh {
  private readonly links = new Map<string, PeerLink>();
  /** Peers that left: a late candidate or answer of theirs must not bring their tile back. */
  private readonly gone = new Set<string>();
  private videoTrack: MediaStreamTrack | null = null;

  constructor(
    private readonly signals: RoomSignals,
    private readonly iceServers: RTCIceServer[],
    private readonly local: MediaStream,
    private readonly onChange: (peers: RemotePeer[]) => void,
  ) {
    this.videoTrack = local.getVideoTracks()[0] ?? null;
  }

  get peers(): RemotePeer[] {
    return [...this.links.values()].map((link) => link.info);
  }

  private changed(): void {
    this.onChange(this.peers.map((p) => ({ ...p })));
  }

  /** A peer joined (or rejoined): connect to it afresh; our tracks make us offer. */
  connect(peer: string, name: string, role: string): PeerLink {
    this.gone.delete(peer);
    this.drop(peer);
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    const link: PeerLink = {
      pc,
      polite: this.signals.peer < peer,
      makingOffer: false,
      ignoreOffer: false,
      info: { peer, name, role, stream: new MediaStream(), state: pc.connectionState },
      videoSender: null,
    };
    this.links.set(peer, link);
    pc.ontrack = ({ track }) => {
      link.info.stream.addTrack(track);
      this.changed();
    };
    pc.onconnectionstatechange = () => {
      link.info.state = pc.connectionState;
      this.changed();
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) void this.signals.send('candidate', JSON.stringify(candidate), peer);
    };
    pc.onnegotiationneeded = () => void this.offer(link, peer);
    for (const track of this.local.getTracks()) {
      if (track.kind !== 'video') pc.addTrack(track, this.local);
      else link.videoSender = pc.addTrack(this.videoTrack ?? track, this.local);
    }
    this.changed();
    return link;
  }

  private async offer(link: PeerLink, peer: string): Promise<void> {
    try {
      link.makingOffer = true;
      await link.pc.setLocalDescription();
      await this.signals.send('offer', JSON.stringify(link.pc.localDescription), peer);
    } catch {
      // A failed offer is retried by the next negotiationneeded or rejoin.
    } finally {
      link.makingOffer = false;
    }
  }

  /** An offer, answer or candidate from a peer. */
  async receive(signal: RoomSignal): Promise<void> {
    if (this.gone.has(signal.from)) return;
    const link = this.links.get(signal.from) ?? this.connect(signal.from, signal.name, signal.role);
    const { pc } = link;
    if (signal.type === 'candidate') {
      try {
        await pc.addIceCandidate(JSON.parse(signal.payload) as RTCIceCandidateInit);
      } catch {
        if (!link.ignoreOffer) throw new Error('candidate refused');
      }
      return;
    }
    const description = JSON.parse(signal.payload) as RTCSessionDescriptionInit;
    const collision = description.type === 'offer' && (link.makingOffer || pc.signalingState !== 'stable');
    link.ignoreOffer = !link.polite && collision;
    if (link.ignoreOffer) return;
    await pc.setRemoteDescription(description);
    if (description.type === 'offer') {
      await pc.setLocalDescription();
      await this.signals.send('answer', JSON.stringify(pc.localDescription), signal.from);
    }
  }

  /** A peer said bye or its stream closed: drop it and ignore what it sent before leaving. */
  depart(peer: string): void {
    this.gone.add(peer);
    this.drop(peer);
  }

  drop(peer: string): void {
    const link = this.links.get(peer);
    if (!link) return;
    link.pc.close();
    this.links.delete(peer);
    this.changed();
  }

  /** Sends another video track (the screen, or the camera again) to every peer. */
  async replaceVideo(track: MediaStreamTrack | null): Promise<void> {
    this.videoTrack = track;
    for (const link of this.links.values()) await link.videoSender?.replaceTrack(track);
  }

  close(): void {
    for (const peer of [...this.links.keys()]) this.drop(peer);
  }
}
