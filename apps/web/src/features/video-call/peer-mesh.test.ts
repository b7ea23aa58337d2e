import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomSignal } from '@app/contracts/video-call';
import { PeerMesh, preferCodec } from './peer-mesh.ts';
import { ScreenShare } from './screen-share.ts';
import type { FakePeerConnection } from './testing/fake-webrtc.ts';
import { FakeStream, FakeTrack, flush, installFakeWebRtc } from './testing/fake-webrtc.ts';

function setup(polite: boolean) {
  const created = installFakeWebRtc();
  const sent: { to: string; signal: RoomSignal }[] = [];
  const remote = vi.fn();
  const mesh = new PeerMesh({
    iceServers: [{ urls: 'stun:stun.example.org' }],
    preferredCodec: 'VP8',
    sendSignal: (to, signal) => sent.push({ to, signal }),
    isPolite: () => polite,
    onRemoteStream: remote,
  });
  const camera = new FakeTrack('video', 'camera');
  const microphone = new FakeTrack('audio', 'microphone');
  mesh.setLocalStream(new FakeStream([microphone, camera]) as unknown as MediaStream);
  return { mesh, sent, created, camera, remote };
}

const offer = (sdp: string): RoomSignal => ({ kind: 'description', type: 'offer', sdp });

describe('PeerMesh (decision 0030 mesh, perfect negotiation)', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('the one joining the call offers to each participant, with the ICE servers of the ticket', async () => {
    const { mesh, sent, created } = setup(true);
    mesh.call('p2');
    mesh.call('p3');
    mesh.call('p2'); // already connected: nothing new
    await flush();
    expect(created).toHaveLength(2);
    expect(created[0]?.config.iceServers).toEqual([{ urls: 'stun:stun.example.org' }]);
    expect(sent.map((item) => [item.to, item.signal.kind === 'description' && item.signal.type])).toEqual([
      ['p2', 'offer'],
      ['p3', 'offer'],
    ]);
    // Our microphone and camera are published, VP8 is put first where the browser allows it.
    const tracks = created[0]?.transceivers.map((item) => item.sender.track?.id);
    expect(tracks).toEqual(['microphone', 'camera']);
  });

  it('someone already in the call answers an offer from a newcomer and publishes its tracks', async () => {
    const { mesh, sent, created } = setup(false);
    await mesh.handleSignal('newcomer', offer('offer-sdp'));
    expect(created).toHaveLength(1);
    expect(created[0]?.remoteDescription).toEqual({ type: 'offer', sdp: 'offer-sdp' });
    expect(sent).toEqual([
      {
        to: 'newcomer',
        signal: { kind: 'description', type: 'answer', sdp: expect.stringMatching(/^answer-/) as string },
      },
    ]);
    expect(created[0]?.transceivers.map((item) => item.sender.track?.id)).toEqual(['microphone', 'camera']);
    await flush();
    expect(sent).toHaveLength(1); // no second offer: the offer's slots were reused
  });

  it('ignores a stray candidate or answer from someone it has no connection with', async () => {
    const { mesh, created } = setup(false);
    await mesh.handleSignal('x', { kind: 'candidate', candidate: 'c', sdpMid: '0', sdpMLineIndex: 0 });
    await mesh.handleSignal('x', { kind: 'description', type: 'answer', sdp: 'a' });
    expect(created).toHaveLength(0);
  });

  it('on an offer collision the impolite side ignores the other offer', async () => {
    const { mesh, sent } = setup(false);
    mesh.call('p2');
    await flush();
    await mesh.handleSignal('p2', offer('their-offer'));
    expect(
      sent.filter((item) => item.signal.kind === 'description' && item.signal.type === 'answer'),
    ).toEqual([]);
  });

  it('on an offer collision the polite side takes the other offer and answers', async () => {
    const { mesh, sent, created } = setup(true);
    mesh.call('p2');
    await flush();
    await mesh.handleSignal('p2', offer('their-offer'));
    expect(created[0]?.remoteDescription?.sdp).toBe('their-offer');
    expect(sent.at(-1)).toEqual({
      to: 'p2',
      signal: { kind: 'description', type: 'answer', sdp: expect.stringMatching(/^answer-/) as string },
    });
  });

  it('relays its ICE candidates and adds the remote ones', async () => {
    const { mesh, sent, created } = setup(true);
    mesh.call('p2');
    await flush();
    const pc = created[0] as FakePeerConnection;
    pc.onicecandidate?.({
      candidate: { candidate: 'candidate:1', sdpMid: '0', sdpMLineIndex: 0 } as RTCIceCandidate,
    });
    expect(sent.at(-1)).toEqual({
      to: 'p2',
      signal: { kind: 'candidate', candidate: 'candidate:1', sdpMid: '0', sdpMLineIndex: 0 },
    });
    await mesh.handleSignal('p2', {
      kind: 'candidate',
      candidate: 'candidate:2',
      sdpMid: '0',
      sdpMLineIndex: 0,
    });
    expect(pc.addIceCandidate).toHaveBeenCalledWith({
      candidate: 'candidate:2',
      sdpMid: '0',
      sdpMLineIndex: 0,
    });
  });

  it('surfaces remote streams per participant and drops them when the participant leaves', async () => {
    const { mesh, created, remote } = setup(true);
    mesh.call('p2');
    await flush();
    const stream = new FakeStream([new FakeTrack('video')]);
    created[0]?.ontrack?.({ track: new FakeTrack('video'), streams: [stream] });
    expect(remote).toHaveBeenLastCalledWith('p2', stream);
    mesh.remove('p2');
    expect(created[0]?.close).toHaveBeenCalled();
    expect(remote).toHaveBeenLastCalledWith('p2', null);
    expect(mesh.connections()).toEqual([]);
  });

  it('restarts ICE when a connection fails (network change)', async () => {
    const { mesh, created } = setup(true);
    mesh.call('p2');
    await flush();
    const pc = created[0] as FakePeerConnection;
    pc.connectionState = 'failed';
    pc.onconnectionstatechange?.();
    expect(pc.restartIce).toHaveBeenCalled();
  });

  it('screen share replaces the published video on every connection and puts the camera back', async () => {
    const { mesh, created, camera } = setup(true);
    mesh.call('p2');
    mesh.call('p3');
    await flush();
    const screenTrack = new FakeTrack('video', 'screen');
    const changes: boolean[] = [];
    const share = new ScreenShare({
      replaceVideoTrack: (track) => mesh.replaceVideoTrack(track),
      cameraTrack: () => camera as unknown as MediaStreamTrack,
      onChange: (sharing) => changes.push(sharing),
      getDisplayMedia: () => Promise.resolve(new FakeStream([screenTrack]) as unknown as MediaStream),
    });
    expect(await share.start()).toBe('started');
    const videoSenders = () =>
      created.map(
        (pc) => pc.transceivers.find((item) => item.receiver.track.kind === 'video')?.sender.track?.id,
      );
    expect(videoSenders()).toEqual(['screen', 'screen']);
    // No renegotiation: only replaceTrack.
    expect(created.every((pc) => pc.signalingState === 'have-local-offer')).toBe(true);

    await share.stop();
    expect(videoSenders()).toEqual(['camera', 'camera']);
    expect(screenTrack.stop).toHaveBeenCalled();
    expect(changes).toEqual([true, false]);
  });

  it('goes back to the camera when the browser’s own stop button ends the screen track', async () => {
    const { mesh, created, camera } = setup(true);
    mesh.call('p2');
    await flush();
    const screenTrack = new FakeTrack('video', 'screen');
    const share = new ScreenShare({
      replaceVideoTrack: (track) => mesh.replaceVideoTrack(track),
      cameraTrack: () => camera as unknown as MediaStreamTrack,
      onChange: () => undefined,
      getDisplayMedia: () => Promise.resolve(new FakeStream([screenTrack]) as unknown as MediaStream),
    });
    await share.start();
    screenTrack.end();
    await flush();
    expect(
      created[0]?.transceivers.find((item) => item.receiver.track.kind === 'video')?.sender.track?.id,
    ).toBe('camera');
    expect(share.sharing()).toBe(false);
  });

  it('screen share: cancelling the picker is not an error, anything else is', async () => {
    const options = {
      replaceVideoTrack: () => Promise.resolve(),
      cameraTrack: () => null,
      onChange: () => undefined,
    };
    const cancelled = new ScreenShare({
      ...options,
      getDisplayMedia: () => Promise.reject(new DOMException('no', 'NotAllowedError')),
    });
    expect(await cancelled.start()).toBe('cancelled');
    const failed = new ScreenShare({
      ...options,
      getDisplayMedia: () => Promise.reject(new DOMException('boom', 'NotReadableError')),
    });
    expect(await failed.start()).toBe('error');
  });

  it('puts VP8 first among the codecs', () => {
    const codecs = [
      { mimeType: 'video/VP9', clockRate: 90000 },
      { mimeType: 'video/H264', clockRate: 90000 },
      { mimeType: 'video/VP8', clockRate: 90000 },
    ];
    expect(preferCodec(codecs, 'VP8').map((codec) => codec.mimeType)).toEqual([
      'video/VP8',
      'video/VP9',
      'video/H264',
    ]);
  });
});
