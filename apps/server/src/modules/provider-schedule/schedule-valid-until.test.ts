import { describe, expect, it } from 'vitest';
import { scheduleValidUntil } from './provider-schedule.service.ts';

// Decision 0075: a cached day schedule holds until the first instant a time-dependent flag flips.

const at = (iso: string) => new Date(iso);
const row = (start: string, finish: string, timezone = 'America/New_York') => ({
  startAt: at(start),
  finishAt: at(finish),
  timezone,
});

describe('scheduleValidUntil', () => {
  it('ends at the next start, video opening or finish after now', () => {
    const now = at('2026-11-28T15:00:00Z'); // 10:00 in New York
    const rows = [row('2026-11-28T16:00:00Z', '2026-11-28T16:30:00Z')];
    expect(scheduleValidUntil(rows, now)).toBe(at('2026-11-28T15:45:00Z').getTime()); // room opens
    expect(scheduleValidUntil(rows, at('2026-11-28T15:45:00Z'))).toBe(at('2026-11-28T16:00:00Z').getTime());
    expect(scheduleValidUntil(rows, at('2026-11-28T16:10:00Z'))).toBe(at('2026-11-28T16:30:00Z').getTime());
  });

  it('ends when the day turns in the appointment’s zone, or in UTC (the date bounds)', () => {
    const evening = at('2026-11-28T23:30:00Z'); // 18:30 in New York, after the last visit
    const done = [row('2026-11-28T16:00:00Z', '2026-11-28T16:30:00Z')];
    expect(scheduleValidUntil(done, evening)).toBe(at('2026-11-29T00:00:00Z').getTime());
    const late = at('2026-11-29T01:00:00Z'); // 20:00 in New York
    expect(scheduleValidUntil(done, late)).toBe(at('2026-11-29T05:00:00Z').getTime());
    expect(scheduleValidUntil([], late)).toBe(at('2026-11-30T00:00:00Z').getTime());
  });
});
