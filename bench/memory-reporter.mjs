// Loaded with `node --import` into a server the memory benchmarks watch (soak.ts, cold-start.ts): every
// MEMORY_REPORT_MS it writes one line `MEMORY {"rss":…,"heapUsed":…,…}` (bytes) to stderr, which the
// benchmark reads. With --expose-gc it collects first, so heapUsed is what is still alive. The timer is
// unref'd, so it never keeps a stopping server alive.
const interval = Number(process.env.MEMORY_REPORT_MS ?? 5000);

setInterval(() => {
  globalThis.gc?.();
  process.stderr.write(`MEMORY ${JSON.stringify(process.memoryUsage())}\n`);
}, interval).unref();
