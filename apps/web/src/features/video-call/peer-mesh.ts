import type { RoomSignal } from '@app/contracts/video-call';

// Decision 0030: a full mesh, one RTCPeerConnection per other participant (at most three). Whoever
// joins the call offers to those already in the room, and of any two participants the later joiner
// of the room is the "polite" side of perfect negotiation
// (https://w3c.github.io/webrtc-pc/#perfect-negotiation-example): on an offer collision the polite
// side rolls back and takes the other's offer, the impolite side ignores the other's offer. Both
// sides must agree on who is polite, so it comes from the room's join order, not from who offered. Screen
// share and blur swap the published video track with replaceTrack, which needs no renegotiation.

export interface PeerMeshOptions {
  iceServers: RTCIceServer[];
  /** The codec to put first (VP8, spec 3 §2). */
  preferredCodec: string;
  sendSignal: (to: string, signal: RoomSignal) => void;
  /** True when we joined the room after `participantId` (we yield on an offer collision). */
  isPolite: (participantId: string) => boolean;
  /** A participant's remote stream appeared (or went away: null). */
  onRemoteStream: (participantId: string, stream: MediaStream | null) => void;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
}

interface Peer {
  pc: RTCPeerConnection;
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
}

/** Orders codecs so the preferred one (by mime type, e.g. video/VP8) comes first. */
export function preferCodec(codecs: RTCRtpCodec[], codec: string): RTCRtpCodec[] {
  const wanted = `video/${codec}`.toLowerCase();
  return [
    ...codecs.filter((item) => item.mimeType.toLowerCase() === wanted),
    ...codecs.filter((item) => item.mimeType.toLowerCase() !== wanted),
  ];
}

export class PeerMesh {
  private readonly peers = new Map<string, Peer>();
  private localStream: MediaStream | null = null;
  /** What we publish as video: the camera, the blurred camera or the screen. */
  private videoTrack: MediaStreamTrack | null = null;

  constructor(private readonly options: PeerMeshOptions) {}

  /** The stream whose tracks every new connection publishes. */
  setLocalStream(stream: MediaStream | null): void {
    this.localStream = stream;
    this.videoTrack = stream?.getVideoTracks()[0] ?? null;
  }

  connections(): RTCPeerConnection[] {
    return [...this.peers.values()].map((peer) => peer.pc);
  }

  has(participantId: string): boolean {
    return this.peers.has(participantId);
  }

  /** We are joining the call: open a connection to someone in the room and offer. */
  call(participantId: string): void {
    if (this.peers.has(participantId)) {
      return;
    }
    const peer = this.createPeer(participantId);
    this.publish(peer.pc, false);
    // addTrack / addTransceiver fire `negotiationneeded`, whose handler sends the offer.
  }

  /** A signal from someone: an offer from an unknown sender is a newcomer calling us. */
  async handleSignal(from: string, signal: RoomSignal): Promise<void> {
    let peer = this.peers.get(from);
    let answeringNewcomer = false;
    if (!peer) {
      if (signal.kind !== 'description' || signal.type !== 'offer') {
        return; // a stray candidate or answer for a connection we do not have
      }
      peer = this.createPeer(from);
      answeringNewcomer = true;
    }
    const { pc } = peer;
    if (signal.kind === 'candidate') {
      try {
        await pc.addIceCandidate({
          candidate: signal.candidate,
          sdpMid: signal.sdpMid,
          sdpMLineIndex: signal.sdpMLineIndex,
        });
      } catch (error) {
        if (!peer.ignoreOffer) {
          console.warn('video-call: ICE candidate refused', error);
        }
      }
      return;
    }
    const offerCollision = signal.type === 'offer' && (peer.makingOffer || pc.signalingState !== 'stable');
    peer.ignoreOffer = !peer.polite && offerCollision;
    if (peer.ignoreOffer) {
      return;
    }
    // setRemoteDescription rolls back our own offer implicitly when we are polite and collide.
    await pc.setRemoteDescription({ type: signal.type, sdp: signal.sdp });
    if (signal.type !== 'offer') {
      return;
    }
    if (answeringNewcomer) {
      // After the remote offer, addTrack reuses the transceivers it created, so the answer is
      // send-and-receive without a second round.
      this.publish(pc, true);
    }
    await pc.setLocalDescription();
    const answer = pc.localDescription;
    if (answer) {
      this.options.sendSignal(from, { kind: 'description', type: 'answer', sdp: answer.sdp });
    }
  }

  /** Someone left (or we stop calling them). */
  remove(participantId: string): void {
    const peer = this.peers.get(participantId);
    if (!peer) {
      return;
    }
    this.peers.delete(participantId);
    peer.pc.close();
    this.options.onRemoteStream(participantId, null);
  }

  /** Publishes another video track on every connection (screen share, blur, swapped camera). */
  async replaceVideoTrack(track: MediaStreamTrack | null): Promise<void> {
    this.videoTrack = track;
    await Promise.all(
      this.connections().map(async (pc) => {
        const sender = videoSender(pc);
        if (sender) {
          await sender.replaceTrack(track);
        }
      }),
    );
  }

  close(): void {
    for (const id of [...this.peers.keys()]) {
      this.remove(id);
    }
  }

  private createPeer(participantId: string): Peer {
    const polite = this.options.isPolite(participantId);
    const create = this.options.createPeerConnection ?? ((config) => new RTCPeerConnection(config));
    const pc = create({ iceServers: this.options.iceServers });
    const peer: Peer = { pc, polite, makingOffer: false, ignoreOffer: false };
    this.peers.set(participantId, peer);
    pc.onnegotiationneeded = async () => {
      try {
        peer.makingOffer = true;
        await pc.setLocalDescription();
        const offer = pc.localDescription;
        if (offer) {
          this.options.sendSignal(participantId, { kind: 'description', type: 'offer', sdp: offer.sdp });
        }
      } catch (error) {
        console.warn('video-call: offer failed', error);
      } finally {
        peer.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate?.candidate) {
        this.options.sendSignal(participantId, {
          kind: 'candidate',
          candidate: candidate.candidate,
          sdpMid: candidate.sdpMid,
          sdpMLineIndex: candidate.sdpMLineIndex,
        });
      }
    };
    pc.ontrack = ({ track, streams }) => {
      this.options.onRemoteStream(participantId, streams[0] ?? new MediaStream([track]));
    };
    pc.onconnectionstatechange = () => {
      // A network change broke the path: ask for new candidates (perfect negotiation re-offers).
      if (pc.connectionState === 'failed') {
        pc.restartIce();
      }
    };
    return peer;
  }

  /**
   * Adds our audio and video and puts VP8 first. The offering side adds receive-only slots for what
   * it lacks (camera or microphone denied) so it still sees and hears the others; the answering side
   * already has the slots from the offer.
   */
  private publish(pc: RTCPeerConnection, answering: boolean): void {
    // An empty stream stands for "no local media" so addTrack always has a stream to name.
    const stream = this.localStream ?? new MediaStream();
    const audio = stream.getAudioTracks()[0];
    if (audio) {
      pc.addTrack(audio, stream);
    } else if (!answering) {
      pc.addTransceiver('audio', { direction: 'recvonly' });
    }
    if (this.videoTrack) {
      pc.addTrack(this.videoTrack, stream);
    } else if (!answering) {
      pc.addTransceiver('video', { direction: 'recvonly' });
    }
    this.preferVideoCodec(pc);
  }

  private preferVideoCodec(pc: RTCPeerConnection): void {
    const capabilities =
      typeof RTCRtpReceiver !== 'undefined' && typeof RTCRtpReceiver.getCapabilities === 'function'
        ? RTCRtpReceiver.getCapabilities('video')
        : null;
    if (!capabilities) {
      return;
    }
    for (const transceiver of pc.getTransceivers()) {
      if (transceiver.receiver.track.kind === 'video' && 'setCodecPreferences' in transceiver) {
        try {
          transceiver.setCodecPreferences(preferCodec(capabilities.codecs, this.options.preferredCodec));
        } catch {
          // Some browsers refuse a list they did not produce; the default order still works.
        }
      }
    }
  }
}

function videoSender(pc: RTCPeerConnection): RTCRtpSender | undefined {
  return pc.getTransceivers().find((transceiver) => transceiver.receiver.track.kind === 'video')?.sender;
}
