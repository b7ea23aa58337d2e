import { afterEach, describe, expect, it, vi } from 'vitest';
import { listCameras, nextCamera, openLocalMedia } from './local-media.ts';
import { FakeStream, FakeTrack } from './testing/fake-webrtc.ts';

const SIZE = { width: 640, height: 360, frameRate: 24 };

/** A getUserMedia that grants only the given kinds. */
function devices(granted: ('audio' | 'video')[]) {
  return {
    getUserMedia: vi.fn((constraints: MediaStreamConstraints) => {
      const wanted = (['audio', 'video'] as const).filter((kind) => constraints[kind]);
      if (wanted.some((kind) => !granted.includes(kind))) {
        return Promise.reject(new DOMException('denied', 'NotAllowedError'));
      }
      return Promise.resolve(
        new FakeStream(wanted.map((kind) => new FakeTrack(kind))) as unknown as MediaStream,
      );
    }),
    enumerateDevices: vi.fn(() =>
      Promise.resolve([
        { kind: 'videoinput', deviceId: 'front' },
        { kind: 'audioinput', deviceId: 'mic' },
        { kind: 'videoinput', deviceId: 'back' },
      ] as MediaDeviceInfo[]),
    ),
  };
}

describe('local media (spec 3 §8 permissions)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for 24 fps at the ticket’s size', async () => {
    vi.stubGlobal('MediaStream', FakeStream);
    const media = devices(['audio', 'video']);
    const result = await openLocalMedia(SIZE, media);
    expect(result.problem).toBe('none');
    expect(media.getUserMedia).toHaveBeenCalledWith({
      audio: true,
      video: { width: { ideal: 640 }, height: { ideal: 360 }, frameRate: { ideal: 24, max: 24 } },
    });
  });

  it.each([
    [['audio'], 'camera', 1],
    [['video'], 'microphone', 1],
    [[], 'both', 0],
  ] as const)('with only %j granted the problem is %s', async (granted, problem, tracks) => {
    vi.stubGlobal('MediaStream', FakeStream);
    const result = await openLocalMedia(SIZE, devices([...granted]));
    expect(result.problem).toBe(problem);
    expect(result.stream?.getTracks().length ?? 0).toBe(tracks);
  });

  it('without mediaDevices (insecure page) both are off', async () => {
    expect((await openLocalMedia(SIZE, null)).problem).toBe('both');
  });

  it('swaps between the cameras only when there are two or more', async () => {
    const cameras = await listCameras(devices([]));
    expect(cameras.map((camera) => camera.deviceId)).toEqual(['front', 'back']);
    expect(nextCamera(cameras, 'front')?.deviceId).toBe('back');
    expect(nextCamera(cameras, 'back')?.deviceId).toBe('front');
    expect(nextCamera(cameras.slice(0, 1), 'front')).toBeNull();
  });
});
