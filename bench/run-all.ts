import { mkdir, writeFile } from 'node:fs/promises';
import { describeColdStart, measureColdStart } from './cold-start.ts';
import { describePageSizes, measurePageSizes } from './login-page-size.ts';
import { measureVideoCall } from './video-call.ts';
import { describePwa, measurePwa } from './pwa-installability.ts';
import { describeLighthouse, measureLighthouse } from './lighthouse.ts';
import { describeMessageSend, measureMessageSend } from './message-send.ts';

// Benchmarks, not tests: they report figures and ratios against a baseline measured in the same run,
// and never fail on a wall-clock limit. Run with `npm run bench` (it builds first).
const pageSizes = await measurePageSizes();
const start = await measureColdStart();
const video = await measureVideoCall();
const pwa = await measurePwa();
const lighthouseFigures = await measureLighthouse();
const messageSend = await measureMessageSend();

const report = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  pageSizes,
  coldStart: start,
  videoCall: video,
  installableApp: pwa,
  lighthouse: lighthouseFigures,
  messageSend,
};
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(new URL('./results/latest.json', import.meta.url), JSON.stringify(report, null, 2));

console.log(`\n${describePageSizes(pageSizes).join('\n')}`);
console.log(`\n${describeColdStart(start).join('\n')}`);
console.log(
  `\nVideo visit on loopback, both joined -> first remote frame on both sides (goal: under 2 s; median of 3)`,
);
console.log(`  two RTCPeerConnections in one page (baseline) ${video.baselineFirstFrameMs.toFixed(0)} ms`);
console.log(
  `  our room: ticket, signaling, mesh             ${video.firstFrameMs.toFixed(0)} ms = ${(video.firstFrameMs / video.baselineFirstFrameMs).toFixed(1)}x baseline`,
);
console.log(`\nBackground blur, renderer task time of the provider's page during a call`);
console.log(`  blur off (baseline) ${video.taskMsPerSecondBlurOff.toFixed(0)} ms per second`);
console.log(
  `  blur on             ${video.taskMsPerSecondBlurOn.toFixed(0)} ms per second = ${(video.taskMsPerSecondBlurOn / video.taskMsPerSecondBlurOff).toFixed(1)}x; ${video.blurMsPerFrame.toFixed(1)} ms of renderer time per blurred frame`,
);
console.log(
  `  the blur processor itself: ${video.blurProcessorMsPerFrame.toFixed(0)} ms per frame (segmentation and drawing), ${video.blurFramesPerSecond.toFixed(1)} blurred frames per second`,
);
console.log(`\n${describePwa(pwa).lines.join('\n')}`);
console.log(`\n${describeLighthouse(lighthouseFigures).join('\n')}`);
console.log(`\n${describeMessageSend(messageSend).join('\n')}`);
