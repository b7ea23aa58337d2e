import { describe, expect, it } from 'vitest';
import { dayjs } from './dayjs.ts';

describe('dayjs with the zone plugins', () => {
  it('finds the calendar day of an instant in a clinic zone, daylight saving included', () => {
    expect(dayjs.utc('2026-07-01T03:00:00Z').tz('America/New_York').format('YYYY-MM-DD')).toBe('2026-06-30');
    expect(dayjs.utc('2026-12-01T15:00:00Z').tz('America/Chicago').format('YYYY-MM-DD HH:mm')).toBe(
      '2026-12-01 09:00',
    );
  });
});
