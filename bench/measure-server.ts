import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// One way to find a free port, shared with the e2e fixtures.
export { freePort } from '../e2e/fixtures/portal-server.ts';

export const serverEntry = fileURLToPath(new URL('../apps/server/dist/server.js', import.meta.url));

const memoryReporter = fileURLToPath(new URL('./memory-reporter.mjs', import.meta.url));

/** One `process.memoryUsage()` of a watched server (bytes), with when it arrived. */
export interface MemorySample {
  atMs: number;
  rss: number;
  heapUsed: number;
  external: number;
}

export interface Started {
  url: string;
  /** Milliseconds from spawn to the first 200 from `healthPath`. */
  msToHealthy: number;
  /**
   * CPU time (user + system) the process had used by then, or null where /proc is missing. On a shared,
   * loaded machine it moves far less than the wall time, which also counts the time spent waiting for
   * a core (decision 0078).
   */
  cpuMsToHealthy: number | null;
  /** With `watchMemory`: the server's memory every `MEMORY_REPORT_MS` (memory-reporter.mjs), in order. */
  memory: MemorySample[];
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Load memory-reporter.mjs into the process (with --expose-gc) and collect its samples in `memory`. */
  watchMemory?: boolean;
  /** How often the reporter samples (default 5000 ms). */
  memoryReportMs?: number;
}

/** Spawns a process and times it until `healthPath` answers 200. */
export async function startAndTime(
  args: string[],
  env: Record<string, string>,
  port: number,
  healthPath: string,
  { watchMemory = false, memoryReportMs = 5000 }: StartOptions = {},
): Promise<Started> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    watchMemory ? ['--expose-gc', '--import', memoryReporter, ...args] : args,
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        MEMORY_REPORT_MS: String(memoryReportMs),
      },
      stdio: ['ignore', 'ignore', watchMemory ? 'pipe' : 'inherit'],
    },
  );
  const memory: MemorySample[] = [];
  if (watchMemory && child.stderr) {
    createInterface({ input: child.stderr }).on('line', (line) => {
      if (!line.startsWith('MEMORY ')) {
        process.stderr.write(`${line}\n`);
        return;
      }
      const usage = JSON.parse(line.slice('MEMORY '.length)) as NodeJS.MemoryUsage;
      memory.push({
        atMs: performance.now() - started,
        rss: usage.rss,
        heapUsed: usage.heapUsed,
        external: usage.external,
      });
    });
  }
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    }
    try {
      const response = await fetch(url + healthPath);
      if (response.ok) {
        break;
      }
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const msToHealthy = performance.now() - started;
  const cpuMsToHealthy = child.pid === undefined ? null : await cpuMsOf(child.pid);
  return {
    url,
    msToHealthy,
    cpuMsToHealthy,
    memory,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** User + system CPU time of a process so far (Linux /proc/<pid>/stat, fields 14 and 15, in clock ticks). */
async function cpuMsOf(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${String(pid)}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after it are counted from its ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    // USER_HZ is 100 on every Linux Node supports.
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

export async function withTempDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'care-portal-bench-'));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Waits until a watched server has reported `count` more memory samples; resolves with the last. */
export async function nextMemorySamples(
  server: Started,
  count = 1,
  timeoutMs = 120_000,
): Promise<MemorySample> {
  const wanted = server.memory.length + count;
  const deadline = performance.now() + timeoutMs;
  while (server.memory.length < wanted) {
    if (performance.now() > deadline) {
      throw new Error('the server stopped reporting its memory');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const last = server.memory.at(-1);
  if (!last) {
    throw new Error('no memory sample');
  }
  return last;
}
