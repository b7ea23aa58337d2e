import type { Results, SelfieSegmentation } from '@mediapipe/selfie_segmentation';
import { BLUR_FILTER_RADIUS, BLUR_MASK_RADIUS, VIDEO_FRAME_RATE } from '@app/contracts/video-call';

// spec 3 §9 background blur: MediaPipe selfie segmentation finds the person; we draw the person
// sharp over a blurred copy of the frame on a canvas and publish the canvas's stream instead of the
// camera. The model and wasm files are served by us under /mediapipe/selfie_segmentation/ (the Vite
// plugin in vite.config.ts copies them), nothing is downloaded from elsewhere at run time.
//
// The package's script is a Closure bundle that defines a global rather than ES exports, so we load
// it with a script tag the first time blur is turned on (lazily: nobody pays for it otherwise).

export const MEDIAPIPE_BASE = '/mediapipe/selfie_segmentation/';

type SelfieSegmentationClass = typeof SelfieSegmentation;
let loading: Promise<SelfieSegmentationClass> | null = null;

function loadSelfieSegmentation(): Promise<SelfieSegmentationClass> {
  loading ??= new Promise<SelfieSegmentationClass>((resolve, reject) => {
    const existing = (window as unknown as { SelfieSegmentation?: SelfieSegmentationClass })
      .SelfieSegmentation;
    if (existing) {
      resolve(existing);
      return;
    }
    const script = document.createElement('script');
    script.src = `${MEDIAPIPE_BASE}selfie_segmentation.js`;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { SelfieSegmentation?: SelfieSegmentationClass })
        .SelfieSegmentation;
      if (loaded) {
        resolve(loaded);
      } else {
        reject(new Error('selfie_segmentation.js did not define SelfieSegmentation'));
      }
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('selfie_segmentation.js could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Draws one segmented frame: the mask (softened by BLUR_MASK_RADIUS) cuts the person out of the
 * sharp frame, then the frame blurred by BLUR_FILTER_RADIUS goes behind it.
 */
export function drawBlurredFrame(context: CanvasRenderingContext2D, results: Results): void {
  const { width, height } = context.canvas;
  context.save();
  context.clearRect(0, 0, width, height);
  context.filter = `blur(${BLUR_MASK_RADIUS}px)`;
  context.drawImage(results.segmentationMask, 0, 0, width, height);
  context.filter = 'none';
  context.globalCompositeOperation = 'source-in';
  context.drawImage(results.image, 0, 0, width, height);
  context.globalCompositeOperation = 'destination-over';
  context.filter = `blur(${BLUR_FILTER_RADIUS}px)`;
  context.drawImage(results.image, 0, 0, width, height);
  context.restore();
}

export interface BlurStats {
  frames: number;
  skipped: number;
  /** Mean time of segmentation plus drawing per processed frame, in ms (the bench reads it). */
  meanFrameMs: number;
}

/** Turns a camera track into a blurred-background track. One per call; stop() frees everything. */
export class BlurProcessor {
  private readonly video = document.createElement('video');
  private readonly canvas = document.createElement('canvas');
  private timer: ReturnType<typeof setInterval> | undefined;
  private busy = false;
  private frames = 0;
  private skipped = 0;
  private totalMs = 0;
  private output: MediaStreamTrack | null = null;

  private constructor(private readonly segmentation: SelfieSegmentation) {}

  static async create(): Promise<BlurProcessor> {
    const SelfieSegmentationClass = await loadSelfieSegmentation();
    const segmentation = new SelfieSegmentationClass({ locateFile: (file) => `${MEDIAPIPE_BASE}${file}` });
    segmentation.setOptions({ modelSelection: 1 });
    await segmentation.initialize();
    return new BlurProcessor(segmentation);
  }

  /**
   * Starts processing `camera` and answers the blurred track to publish, or null when stop() ran
   * before the first frame was drawn (the caller has gone back to the camera then).
   */
  async start(camera: MediaStreamTrack): Promise<MediaStreamTrack | null> {
    this.stopLoop();
    const settings = camera.getSettings();
    this.canvas.width = settings.width ?? 640;
    this.canvas.height = settings.height ?? 360;
    const context = this.canvas.getContext('2d');
    if (!context) {
      throw new Error('No 2D canvas context');
    }
    this.segmentation.onResults((results) => {
      drawBlurredFrame(context, results);
    });
    this.video.muted = true;
    this.video.playsInline = true;
    this.video.srcObject = new MediaStream([camera]);
    await this.video.play();
    this.output ??= this.canvas.captureStream(VIDEO_FRAME_RATE).getVideoTracks()[0] ?? null;
    if (!this.output) {
      throw new Error('Canvas capture is not available');
    }
    // The caller keeps publishing the camera until the first blurred frame is on the canvas: the
    // first segmentation can take seconds on a slow machine, and the others must not see a frozen
    // or empty picture meanwhile.
    await this.drawFirstFrame();
    if (this.stopped()) {
      return null;
    }
    // At most VIDEO_FRAME_RATE frames a second; a frame is skipped while the previous segmentation
    // is still running, so a slow machine drops frames instead of queueing them (the call stays smooth).
    this.timer = setInterval(() => {
      void this.processFrame();
    }, 1000 / VIDEO_FRAME_RATE);
    return this.output;
  }

  private async drawFirstFrame(): Promise<void> {
    while (!this.stopped() && (await this.processFrame()) === null) {
      await new Promise((resolve) => setTimeout(resolve, 1000 / VIDEO_FRAME_RATE));
    }
  }

  /** Processes one frame now; answers its cost in ms (null when skipped). Used by the bench too. */
  async processFrame(): Promise<number | null> {
    if (this.busy || this.video.readyState < 2) {
      this.skipped += 1;
      return null;
    }
    this.busy = true;
    const started = performance.now();
    try {
      await this.segmentation.send({ image: this.video });
    } finally {
      this.busy = false;
    }
    const spent = performance.now() - started;
    this.frames += 1;
    this.totalMs += spent;
    return spent;
  }

  stats(): BlurStats {
    return {
      frames: this.frames,
      skipped: this.skipped,
      meanFrameMs: this.frames ? this.totalMs / this.frames : 0,
    };
  }

  stop(): void {
    this.stopLoop();
    this.output?.stop();
    this.output = null;
    this.video.srcObject = null;
    void this.segmentation.close();
  }

  /** stop() ran since the last start(): it lets go of the camera. */
  private stopped(): boolean {
    return this.video.srcObject === null;
  }

  private stopLoop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
