import { describe, expect, it } from 'vitest';
import { formatInZone } from './dayjs.ts';

describe('formatInZone', () => {
  it('converts a UTC instant into the clinic zone, daylight saving included', () => {
    expect(formatInZone('2026-07-01T15:00:00Z', 'America/New_York')).toBe('2026-07-01 11:00');
    expect(formatInZone('2026-12-01T15:00:00Z', 'America/Chicago')).toBe('2026-12-01 09:00');
  });
});
