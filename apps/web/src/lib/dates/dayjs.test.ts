import { describe, expect, it } from 'vitest';
import { formatAtOwnOffset, formatInZone } from './dayjs.ts';

describe('formatInZone', () => {
  it('converts a UTC instant into the clinic zone, daylight saving included', () => {
    expect(formatInZone('2026-07-01T15:00:00Z', 'America/New_York')).toBe('2026-07-01 11:00');
    expect(formatInZone('2026-12-01T15:00:00Z', 'America/Chicago')).toBe('2026-12-01 09:00');
  });
});

describe('formatAtOwnOffset', () => {
  it('shows an iso8601offset time at its own offset, not the viewer zone', () => {
    expect(formatAtOwnOffset('2026-11-23T09:00:00-05:00', 'ddd MMM DD, h:mm A')).toBe('Mon Nov 23, 9:00 AM');
    expect(formatAtOwnOffset('2026-07-01T08:15:00-05:00', 'h:mm A')).toBe('8:15 AM');
    expect(formatAtOwnOffset('2026-11-23T14:00:00Z', 'h:mm A')).toBe('2:00 PM');
  });
});
