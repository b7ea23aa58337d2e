// spec 3 §4 screen share: the screen's track replaces the published video on every connection and
// the camera comes back on Stop sharing and when the browser's own "Stop sharing" ends the track.

export type ScreenShareResult = 'started' | 'cancelled' | 'error';

export interface ScreenShareOptions {
  /** Publishes a video track on every connection (PeerMesh.replaceVideoTrack). */
  replaceVideoTrack: (track: MediaStreamTrack | null) => Promise<void>;
  /** What to publish again when sharing stops (the camera, or its blurred version). */
  cameraTrack: () => MediaStreamTrack | null;
  onChange: (sharing: boolean, screenTrack: MediaStreamTrack | null) => void;
  getDisplayMedia?: (options: DisplayMediaStreamOptions) => Promise<MediaStream>;
}

/** The user closing the browser's picker is not an error. */
function isCancel(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

export class ScreenShare {
  private track: MediaStreamTrack | null = null;

  constructor(private readonly options: ScreenShareOptions) {}

  sharing(): boolean {
    return this.track !== null;
  }

  async start(): Promise<ScreenShareResult> {
    const getDisplayMedia =
      this.options.getDisplayMedia ??
      ((navigator as Partial<Navigator>).mediaDevices?.getDisplayMedia
        ? (options: DisplayMediaStreamOptions) => navigator.mediaDevices.getDisplayMedia(options)
        : null);
    if (!getDisplayMedia) {
      return 'error';
    }
    try {
      const stream = await getDisplayMedia({ video: true, audio: false });
      const track = stream.getVideoTracks()[0];
      if (!track) {
        return 'error';
      }
      this.track = track;
      // The browser's own stop button ends the track without telling us otherwise.
      track.addEventListener('ended', () => {
        void this.stop();
      });
      await this.options.replaceVideoTrack(track);
      this.options.onChange(true, track);
      return 'started';
    } catch (error) {
      return isCancel(error) ? 'cancelled' : 'error';
    }
  }

  async stop(): Promise<void> {
    const track = this.track;
    if (!track) {
      return;
    }
    this.track = null;
    track.stop();
    await this.options.replaceVideoTrack(this.options.cameraTrack());
    this.options.onChange(false, null);
  }
}
