import { measureVideoCall } from './video-call.ts';

// `npm run bench:video -w @app/bench` (after `npm run build`): the issue 7 figures alone.
const video = await measureVideoCall();
console.log(JSON.stringify(video, null, 2));
console.log(
  `first remote frame ${video.firstFrameMs.toFixed(0)} ms (baseline ${video.baselineFirstFrameMs.toFixed(0)} ms, ${(video.firstFrameMs / video.baselineFirstFrameMs).toFixed(1)}x); blur ${video.blurMsPerFrame.toFixed(1)} ms per frame`,
);
