import type { Env } from '../env.ts';

// The server's one source of "now" for business time (ARCHITECTURE.md, Clock; decision 0031): what a
// rule compares with (expiry, lockouts, today's appointments, booking windows) and what a person sees
// as when something happened (sent at, recorded at, uploaded at). Real in production. In development
// and tests CLOCK_AT sets it to a chosen instant from which it runs on at real speed, so the e2e
// suite can fix the browser clock (Playwright page.clock) and the server clock to the same moment and
// nothing depends on the real hour. Elapsed-time measurements (rate-limit windows, start-up time)
// are not business time and stay on the machine's clock.

export interface Clock {
  now(): Date;
  /** Set when CLOCK_AT shifts the clock: it read `at` at the real instant `anchorMs` (epoch ms). */
  readonly shift: { at: Date; anchorMs: number } | null;
}

export interface ClockOptions {
  nodeEnv?: Env['NODE_ENV'];
  /** CLOCK_AT: the instant the clock reads at the anchor. Unset: the real clock. */
  at?: Date | undefined;
  /** CLOCK_AT_REAL: the real instant (epoch ms) that corresponds to `at`. Default: when the clock is made. */
  atRealMs?: number | undefined;
  /** The machine's clock in epoch ms; tests hand in their own. */
  realNow?: () => number;
}

export const CLOCK_REFUSED_IN_PRODUCTION =
  'CLOCK_AT and CLOCK_AT_REAL are for development and tests; they are refused when NODE_ENV=production';

export function createClock(options: ClockOptions = {}): Clock {
  const realNow = options.realNow ?? (() => Date.now());
  if (options.at === undefined) {
    if (options.atRealMs !== undefined) {
      throw new Error('CLOCK_AT_REAL needs CLOCK_AT');
    }
    return { now: () => new Date(realNow()), shift: null };
  }
  if (options.nodeEnv === 'production') {
    throw new Error(CLOCK_REFUSED_IN_PRODUCTION);
  }
  const atMs = options.at.getTime();
  if (Number.isNaN(atMs)) {
    throw new Error('CLOCK_AT is not a valid instant');
  }
  const anchorMs = options.atRealMs ?? realNow();
  return {
    now: () => new Date(atMs + (realNow() - anchorMs)),
    shift: { at: new Date(atMs), anchorMs },
  };
}

/** The clock the environment asks for (CLOCK_AT, CLOCK_AT_REAL). */
export function clockOfEnv(
  env: Pick<Env, 'NODE_ENV' | 'CLOCK_AT' | 'CLOCK_AT_REAL'>,
  realNow?: () => number,
): Clock {
  return createClock({
    nodeEnv: env.NODE_ENV,
    at: env.CLOCK_AT,
    atRealMs: env.CLOCK_AT_REAL,
    ...(realNow ? { realNow } : {}),
  });
}

/** The line logged once at start when the clock is shifted, so nobody is surprised; null when real. */
export function clockShiftNotice(clock: Clock): string | null {
  if (!clock.shift) {
    return null;
  }
  return (
    `The server clock is shifted (CLOCK_AT): it read ${clock.shift.at.toISOString()} at the real ` +
    `instant ${new Date(clock.shift.anchorMs).toISOString()} and runs on from there; "now" is ` +
    `${clock.now().toISOString()}.`
  );
}
