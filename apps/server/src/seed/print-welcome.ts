import type { Env } from '../env.ts';

export function printWelcome({ url }: { url: string; env: Env; demo: unknown }): void {
  console.log(`Care portal is running at ${url}`);
}
