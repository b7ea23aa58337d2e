import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { clockOfEnv, clockShiftNotice, createClock } from './clock.ts';

/** A machine clock the test moves by hand. */
function manualRealClock(startMs: number) {
  let ms = startMs;
  return {
    realNow: () => ms,
    advance: (by: number) => {
      ms += by;
    },
  };
}

const REAL_START = Date.parse('2025-03-01T12:00:00Z');
const SHIFTED = '2027-11-07T01:30:00-04:00';

describe('createClock (decision 0031)', () => {
  it('is the real clock by default', () => {
    const real = manualRealClock(REAL_START);
    const clock = createClock({ realNow: real.realNow });
    expect(clock.shift).toBeNull();
    expect(clock.now().getTime()).toBe(REAL_START);
    real.advance(90_000);
    expect(clock.now().getTime()).toBe(REAL_START + 90_000);
    expect(clockShiftNotice(clock)).toBeNull();
  });

  it('without options reads the machine clock', () => {
    const before = Date.now();
    const read = createClock().now().getTime();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read).toBeLessThanOrEqual(Date.now());
  });

  it('reads CLOCK_AT when it is made and runs on at real speed (anchor: creation)', () => {
    const real = manualRealClock(REAL_START);
    const clock = createClock({ nodeEnv: 'development', at: new Date(SHIFTED), realNow: real.realNow });
    expect(clock.now().toISOString()).toBe('2027-11-07T05:30:00.000Z');
    real.advance(61_500);
    expect(clock.now().toISOString()).toBe('2027-11-07T05:31:01.500Z');
    expect(clock.shift).toEqual({ at: new Date(SHIFTED), anchorMs: REAL_START });
  });

  it('anchors CLOCK_AT at CLOCK_AT_REAL, so two processes given both agree to the millisecond', () => {
    const real = manualRealClock(REAL_START);
    const anchor = REAL_START - 2_500;
    const options = {
      nodeEnv: 'test' as const,
      at: new Date(SHIFTED),
      atRealMs: anchor,
      realNow: real.realNow,
    };
    const server = createClock(options);
    real.advance(10_000);
    // Made later (as the browser's page.clock is), it still reads the same instant.
    const other = createClock(options);
    expect(server.now().getTime()).toBe(Date.parse(SHIFTED) + 12_500);
    expect(other.now().getTime()).toBe(server.now().getTime());
  });

  it('is refused in production', () => {
    expect(() => createClock({ nodeEnv: 'production', at: new Date(SHIFTED) })).toThrow(
      /NODE_ENV=production/,
    );
    expect(createClock({ nodeEnv: 'production' }).shift).toBeNull();
  });

  it('refuses CLOCK_AT_REAL alone and an invalid instant', () => {
    expect(() => createClock({ atRealMs: REAL_START })).toThrow(/CLOCK_AT_REAL needs CLOCK_AT/);
    expect(() => createClock({ at: new Date('nonsense') })).toThrow(/not a valid instant/);
  });

  it('tells once at start that it is shifted, and to which instant', () => {
    const real = manualRealClock(REAL_START);
    const clock = createClock({ at: new Date(SHIFTED), realNow: real.realNow });
    expect(clockShiftNotice(clock)).toContain('shifted (CLOCK_AT)');
    expect(clockShiftNotice(clock)).toContain('2027-11-07T05:30:00.000Z');
  });

  it('follows the environment', () => {
    const real = manualRealClock(REAL_START);
    const env = parseEnv({ CLOCK_AT: SHIFTED, CLOCK_AT_REAL: String(REAL_START - 1_000) });
    expect(clockOfEnv(env, real.realNow).now().getTime()).toBe(Date.parse(SHIFTED) + 1_000);
    expect(clockOfEnv(parseEnv({}), real.realNow).shift).toBeNull();
  });
});
