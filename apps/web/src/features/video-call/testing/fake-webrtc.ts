import { vi } from 'vitest';

// Just enough of WebRTC for the mesh's unit tests (jsdom has none): signaling states follow the
// spec's offer/answer rules, adding a track fires `negotiationneeded` on the next microtask.

export class FakeTrack extends EventTarget {
  enabled = true;
  readyState: 'live' | 'ended' = 'live';
  readonly stop = vi.fn(() => {
    this.readyState = 'ended';
  });
  constructor(
    readonly kind: 'audio' | 'video',
    readonly id: string = `${kind}-${Math.random().toString(36).slice(2)}`,
  ) {
    super();
  }
  getSettings(): MediaTrackSettings {
    return { deviceId: `${this.id}-device`, width: 640, height: 360 };
  }
  /** What the browser does when its own "Stop sharing" is used. */
  end(): void {
    this.readyState = 'ended';
    this.dispatchEvent(new Event('ended'));
  }
}

export class FakeStream {
  constructor(private readonly tracks: FakeTrack[] = []) {}
  getTracks() {
    return [...this.tracks];
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
  removeTrack(track: FakeTrack) {
    this.tracks.splice(this.tracks.indexOf(track), 1);
  }
}

interface FakeTransceiver {
  receiver: { track: { kind: string } };
  sender: { track: FakeTrack | null; replaceTrack: ReturnType<typeof vi.fn> };
  direction: string;
  setCodecPreferences: ReturnType<typeof vi.fn>;
}

let counter = 0;

export class FakePeerConnection {
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: { type: RTCSdpType; sdp: string } | null = null;
  remoteDescription: { type: RTCSdpType; sdp: string } | null = null;
  readonly transceivers: FakeTransceiver[] = [];
  readonly addIceCandidate = vi.fn(() => Promise.resolve());
  readonly close = vi.fn();
  readonly restartIce = vi.fn();
  readonly id = ++counter;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((event: { candidate: RTCIceCandidate | null }) => void) | null = null;
  ontrack: ((event: { track: FakeTrack; streams: FakeStream[] }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  private negotiationQueued = false;

  constructor(readonly config: RTCConfiguration) {}

  private needNegotiation(): void {
    if (this.negotiationQueued) {
      return;
    }
    this.negotiationQueued = true;
    queueMicrotask(() => {
      this.negotiationQueued = false;
      if (this.signalingState === 'stable') {
        this.onnegotiationneeded?.();
      }
    });
  }

  private transceiver(kind: string, track: FakeTrack | null, direction: string): FakeTransceiver {
    const transceiver: FakeTransceiver = {
      receiver: { track: { kind } },
      sender: {
        track,
        replaceTrack: vi.fn((next: FakeTrack | null) => {
          transceiver.sender.track = next;
          return Promise.resolve();
        }),
      },
      direction,
      setCodecPreferences: vi.fn(),
    };
    return transceiver;
  }

  addTrack(track: FakeTrack): void {
    // Like the browser: reuse a slot the remote offer created, else add one.
    const free = this.transceivers.find(
      (item) => item.receiver.track.kind === track.kind && !item.sender.track,
    );
    if (free) {
      free.sender.track = track;
      free.direction = 'sendrecv';
    } else {
      this.transceivers.push(this.transceiver(track.kind, track, 'sendrecv'));
      this.needNegotiation();
    }
  }

  addTransceiver(kind: string, init: { direction: string }): void {
    this.transceivers.push(this.transceiver(kind, null, init.direction));
    this.needNegotiation();
  }

  getTransceivers() {
    return this.transceivers;
  }

  setLocalDescription(): Promise<void> {
    if (this.signalingState === 'have-remote-offer') {
      this.localDescription = { type: 'answer', sdp: `answer-${String(this.id)}` };
      this.signalingState = 'stable';
    } else {
      this.localDescription = { type: 'offer', sdp: `offer-${String(this.id)}` };
      this.signalingState = 'have-local-offer';
    }
    return Promise.resolve();
  }

  setRemoteDescription(description: { type: RTCSdpType; sdp: string }): Promise<void> {
    this.remoteDescription = description;
    if (description.type === 'offer') {
      // A polite side with its own offer out rolls it back implicitly.
      this.signalingState = 'have-remote-offer';
      for (const kind of ['audio', 'video']) {
        if (!this.transceivers.some((item) => item.receiver.track.kind === kind)) {
          this.transceivers.push(this.transceiver(kind, null, 'recvonly'));
        }
      }
    } else {
      this.signalingState = 'stable';
    }
    return Promise.resolve();
  }
}

export function installFakeWebRtc(): FakePeerConnection[] {
  const created: FakePeerConnection[] = [];
  vi.stubGlobal('MediaStream', FakeStream);
  vi.stubGlobal(
    'RTCPeerConnection',
    vi.fn(function (config: RTCConfiguration) {
      const pc = new FakePeerConnection(config);
      created.push(pc);
      return pc;
    }),
  );
  return created;
}

/** Lets queued microtasks (negotiationneeded, awaited promises) run. */
export async function flush(): Promise<void> {
  for (let index = 0; index < 5; index++) {
    await Promise.resolve();
  }
}
