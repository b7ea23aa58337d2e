// spec 3 §2, §8: the camera and microphone of the call. When the combined request fails we ask for
// each alone, so the permissions block can say which one is off.

export type PermissionProblem = 'none' | 'camera' | 'microphone' | 'both';

export interface MediaSize {
  width: number;
  height: number;
  frameRate: number;
}

export interface LocalMedia {
  /** Whatever we got (maybe only audio, only video, or nothing). */
  stream: MediaStream | null;
  problem: PermissionProblem;
}

type Devices = Pick<MediaDevices, 'getUserMedia' | 'enumerateDevices'>;

export function videoConstraints(size: MediaSize, deviceId?: string): MediaTrackConstraints {
  return {
    width: { ideal: size.width },
    height: { ideal: size.height },
    frameRate: { ideal: size.frameRate, max: size.frameRate },
    ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
  };
}

function currentDevices(): Devices | null {
  // Missing on insecure origins (and in jsdom), although the DOM typings say it is always there.
  return (navigator as Partial<Navigator>).mediaDevices ?? null;
}

async function tryGet(devices: Devices, constraints: MediaStreamConstraints): Promise<MediaStream | null> {
  try {
    return await devices.getUserMedia(constraints);
  } catch {
    return null;
  }
}

export async function openLocalMedia(
  size: MediaSize,
  devices: Devices | null = currentDevices(),
): Promise<LocalMedia> {
  if (!devices) {
    return { stream: null, problem: 'both' };
  }
  const both = await tryGet(devices, { audio: true, video: videoConstraints(size) });
  if (both) {
    return { stream: both, problem: 'none' };
  }
  const audio = await tryGet(devices, { audio: true });
  const video = await tryGet(devices, { video: videoConstraints(size) });
  const tracks = [...(audio?.getTracks() ?? []), ...(video?.getTracks() ?? [])];
  const problem: PermissionProblem =
    !audio && !video ? 'both' : !video ? 'camera' : !audio ? 'microphone' : 'none';
  return { stream: tracks.length > 0 ? new MediaStream(tracks) : null, problem };
}

/** The cameras we could swap between (the Swap camera control shows only with two or more). */
export async function listCameras(devices: Devices | null = currentDevices()): Promise<MediaDeviceInfo[]> {
  if (!devices) {
    return [];
  }
  try {
    return (await devices.enumerateDevices()).filter((device) => device.kind === 'videoinput');
  } catch {
    return [];
  }
}

/** The camera after `currentDeviceId` in the list (wrapping round). */
export function nextCamera(
  cameras: MediaDeviceInfo[],
  currentDeviceId: string | undefined,
): MediaDeviceInfo | null {
  if (cameras.length < 2) {
    return null;
  }
  const index = cameras.findIndex((camera) => camera.deviceId === currentDeviceId);
  return cameras[(index + 1) % cameras.length] ?? null;
}

/** Opens the given camera alone; the caller swaps it into the local stream and the peers. */
export async function openCamera(
  size: MediaSize,
  deviceId: string,
  devices: Devices | null = currentDevices(),
): Promise<MediaStreamTrack | null> {
  if (!devices) {
    return null;
  }
  const stream = await tryGet(devices, { video: videoConstraints(size, deviceId) });
  return stream?.getVideoTracks()[0] ?? null;
}
