import { announce, bootBenchWorld, openMessageThread, slotSearchPath } from './world.ts';

// A child process of bench/audit-overhead.ts: the real app (world.ts, PGlite) with audit recording as
// AUDIT_RECORDING says (on, or off for the baseline) and one message thread; it serves the patient's
// slot search and message send.

const bench = await bootBenchWorld({
  AUDIT_RECORDING: process.env.AUDIT_RECORDING === 'off' ? 'off' : 'on',
});
const threadId = await openMessageThread(bench);
await announce(bench.app, {
  slotPath: slotSearchPath(bench.world),
  messagePath: `/api/messages/threads/${threadId}/messages`,
  token: bench.patientToken,
});
