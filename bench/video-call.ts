/// <reference lib="dom" />
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium.ts';
import { freePort, median, serverEntry, startAndTime, withTempDir } from './measure-server.ts';

// Issue 7 bench: (1) time from both participants joined to the first remote video frame, on
// loopback, against a baseline measured in the same run: two RTCPeerConnections in one page wired
// to each other directly (WebRTC's own connect-and-decode cost, no signaling server, no app);
// (2) the CPU cost of background blur per frame in headless Chromium: the renderer's task time
// (CDP Performance.getMetrics) over the same window of a live call with blur on and with blur off.

const RUNS = 3;
const BLUR_WINDOW_MS = 8_000;
const FRAME_RATE = 24;
const PASSWORD = 'Bench#Video2026';

export interface VideoCallResult {
  /** Median ms from the second Join Call to a decoded remote frame on both sides. */
  firstFrameMs: number;
  /** Median ms for the same on two directly connected RTCPeerConnections. */
  baselineFirstFrameMs: number;
  /** Renderer task ms per second of call, blur off and on, and the difference per blurred frame. */
  taskMsPerSecondBlurOff: number;
  taskMsPerSecondBlurOn: number;
  blurMsPerFrame: number;
  /** The blur processor's own mean time per processed frame (segmentation and drawing). */
  blurProcessorMsPerFrame: number;
  /** Blurred frames it produced per second in that window. */
  blurFramesPerSecond: number;
}

const FAKE_MEDIA = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

/** Resolves with Date.now() when the page's first remote video paints a frame. */
async function firstRemoteFrameAt(page: Page): Promise<number> {
  // No named functions inside evaluate: tsx's transform would wrap them in a helper the page lacks.
  await page.waitForSelector('[data-testid="remote-video"]', { state: 'attached', timeout: 60_000 });
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        document
          .querySelector<HTMLVideoElement>('[data-testid="remote-video"]')
          ?.requestVideoFrameCallback(() => {
            resolve(Date.now());
          });
      }),
  );
}

/** WebRTC alone: two peer connections in one page, the fake camera on one, first frame on the other. */
async function baselineFirstFrame(browser: Browser, url: string): Promise<number> {
  // A page of our origin only because camera access needs a secure context (about:blank is not one).
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${url}/healthz`);
  const ms = await page.evaluate(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({
      video: { width: 640, height: 360, frameRate: 24 },
      audio: true,
    });
    const started = performance.now();
    const sender = new RTCPeerConnection();
    const receiver = new RTCPeerConnection();
    sender.onicecandidate = (event) => void receiver.addIceCandidate(event.candidate ?? undefined);
    receiver.onicecandidate = (event) => void sender.addIceCandidate(event.candidate ?? undefined);
    for (const track of stream.getTracks()) {
      sender.addTrack(track, stream);
    }
    const video = document.createElement('video');
    video.muted = true;
    document.body.append(video);
    const painted = new Promise<number>((resolve) => {
      receiver.ontrack = (event) => {
        if (event.track.kind === 'video') {
          video.srcObject = new MediaStream([event.track]);
          void video.play();
          video.requestVideoFrameCallback(() => {
            resolve(performance.now());
          });
        }
      };
    });
    await sender.setLocalDescription(await sender.createOffer());
    await receiver.setRemoteDescription(sender.localDescription as RTCSessionDescriptionInit);
    await receiver.setLocalDescription(await receiver.createAnswer());
    await sender.setRemoteDescription(receiver.localDescription as RTCSessionDescriptionInit);
    const at = await painted;
    sender.close();
    receiver.close();
    return at - started;
  });
  await context.close();
  return ms;
}

interface World {
  appointmentId: string;
  patient: { username: string };
  doctor: { username: string };
}

async function login(page: Page, path: string, username: string) {
  await page.goto(path);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/(user|provider)\//);
}

async function newWorld(url: string, name: string): Promise<World> {
  const response = await fetch(`${url}/dev/fixtures/video/world`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: PASSWORD }),
  });
  if (response.status !== 201) {
    throw new Error(`video world: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as World;
}

async function joinBoth(browser: Browser, url: string, world: World) {
  const patientContext = await browser.newContext({ baseURL: url });
  const providerContext = await browser.newContext({ baseURL: url });
  for (const context of [patientContext, providerContext]) {
    // The call's test hook (window.__videoCall) in a production build.
    await context.addInitScript(() => {
      window.localStorage.setItem('videoDebug', '1');
    });
  }
  const patient = await patientContext.newPage();
  const provider = await providerContext.newPage();
  await login(patient, '/guest/login', world.patient.username);
  await login(provider, '/guest/provider-login', world.doctor.username);
  await patient.goto(`/user/video-call/${world.appointmentId}`);
  await patient.getByRole('button', { name: 'Join Call' }).click();
  await provider.goto(`/provider/video-call/${world.appointmentId}`);
  const join = provider.getByRole('button', { name: 'Join Call' });
  await join.waitFor();
  await patient.getByText('Please wait, your provider will join shortly.').waitFor();
  const patientFrame = firstRemoteFrameAt(patient);
  const providerFrame = firstRemoteFrameAt(provider);
  const bothJoined = Date.now();
  await join.click();
  const firstFrameMs = Math.max(await patientFrame, await providerFrame) - bothJoined;
  return {
    firstFrameMs,
    provider,
    close: async () => {
      await patientContext.close();
      await providerContext.close();
    },
  };
}

async function blurStats(page: Page): Promise<{ frames: number; meanFrameMs: number }> {
  return page.evaluate(() => {
    const hook = (
      window as unknown as {
        __videoCall?: { blurStats(): { frames: number; meanFrameMs: number } | null };
      }
    ).__videoCall;
    return hook?.blurStats() ?? { frames: 0, meanFrameMs: 0 };
  });
}

/** Renderer task milliseconds per second of call on this page. */
async function taskMsPerSecond(page: Page, windowMs: number): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0) * 1000;
  };
  const start = await read();
  await page.waitForTimeout(windowMs);
  const end = await read();
  await cdp.detach();
  return ((end - start) / windowMs) * 1000;
}

export async function measureVideoCall(): Promise<VideoCallResult> {
  return withTempDir(async (dataDir) => {
    const port = await freePort();
    const server = await startAndTime(
      [serverEntry],
      { DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '' },
      port,
      '/healthz',
    );
    const browser = await chromium.launch(chromiumLaunchOptions(FAKE_MEDIA));
    try {
      const baseline: number[] = [];
      const ours: number[] = [];
      let off = 0;
      let on = 0;
      let processorMs = 0;
      let blurFps = 0;
      for (let run = 0; run < RUNS; run++) {
        baseline.push(await baselineFirstFrame(browser, server.url));
        const world = await newWorld(server.url, `benchvideo${run}${Date.now().toString(36)}`);
        const call = await joinBoth(browser, server.url, world);
        ours.push(call.firstFrameMs);
        if (run === 0) {
          off = await taskMsPerSecond(call.provider, BLUR_WINDOW_MS);
          await call.provider.getByRole('button', { name: 'More options' }).click();
          await call.provider.getByRole('switch', { name: 'Blur background' }).click();
          await call.provider.keyboard.press('Escape');
          // Let the model load and the processor settle before measuring.
          await call.provider.waitForTimeout(3_000);
          const before = await blurStats(call.provider);
          on = await taskMsPerSecond(call.provider, BLUR_WINDOW_MS);
          const after = await blurStats(call.provider);
          processorMs = after.meanFrameMs;
          blurFps = ((after.frames - before.frames) / BLUR_WINDOW_MS) * 1000;
        }
        await call.close();
      }
      return {
        firstFrameMs: median(ours),
        baselineFirstFrameMs: median(baseline),
        taskMsPerSecondBlurOff: off,
        taskMsPerSecondBlurOn: on,
        // Per blurred frame actually produced (a slow machine produces fewer than FRAME_RATE).
        blurMsPerFrame: (on - off) / (blurFps > 0 ? blurFps : FRAME_RATE),
        blurProcessorMsPerFrame: processorMs,
        blurFramesPerSecond: blurFps,
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}
