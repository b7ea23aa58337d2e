import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// One way to find a free port, shared with the e2e fixtures.
export { freePort } from '../e2e/fixtures/portal-server.ts';

export const serverEntry = fileURLToPath(new URL('../apps/server/dist/server.js', import.meta.url));

export interface Started {
  url: string;
  /** Milliseconds from spawn to the first 200 from `healthPath`. */
  msToHealthy: number;
  stop(): Promise<void>;
}

/** Spawns a process and times it until `healthPath` answers 200. */
export async function startAndTime(
  args: string[],
  env: Record<string, string>,
  port: number,
  healthPath: string,
): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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
  return {
    url,
    msToHealthy,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
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
