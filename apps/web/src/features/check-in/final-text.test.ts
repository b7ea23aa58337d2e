import { describe, expect, it } from 'vitest';
import { finalTextKind } from './final-text.ts';

const office = (startAt: string) => ({ startAt, timezone: 'America/New_York', type: 'office' as const });

describe('finalTextKind (issue 18: the check-in end page by context)', () => {
  // 23:30 in New York on Tuesday is already Wednesday in UTC.
  const now = new Date('2026-12-02T04:30:00Z');

  it('tells the kiosk patient to see the front desk, whatever the day', () => {
    expect(finalTextKind({ selfCheckIn: true, appointment: office('2026-12-09T09:00:00-05:00'), now })).toBe(
      'kiosk',
    );
  });

  it("tells apart a visit later today from one days ahead, on the clinic's calendar", () => {
    expect(finalTextKind({ selfCheckIn: false, appointment: office('2026-12-01T23:45:00-05:00'), now })).toBe(
      'today',
    );
    expect(finalTextKind({ selfCheckIn: false, appointment: office('2026-12-02T08:00:00-05:00'), now })).toBe(
      'ahead',
    );
  });

  it('has no front desk for a video visit; an unknown visit gets the words that fit both', () => {
    expect(
      finalTextKind({
        selfCheckIn: false,
        appointment: { ...office('2026-12-01T23:45:00-05:00'), type: 'video_call' },
        now,
      }),
    ).toBe('video');
    expect(finalTextKind({ selfCheckIn: false, appointment: null, now })).toBe('today');
  });
});
