import { describe, expect, it } from 'vitest';
import {
  RANGE_END_BEFORE_START_TEXT,
  RANGE_OUT_OF_BOUNDS_TEXT,
  RANGE_TOO_LONG_TEXT,
  addDaysToDate,
  appointmentListQuerySchema,
  daysInRange,
  resolveListRange,
} from './provider-appointments.ts';

// Decision 0039: the appointment list's range and query rules, shared by the server and the web.

describe('resolveListRange', () => {
  const today = '2026-11-24';

  it('defaults to today and the next 7 days', () => {
    expect(resolveListRange(undefined, undefined, today)).toEqual({
      ok: true,
      from: '2026-11-24',
      to: '2026-12-01',
    });
    expect(resolveListRange('2026-12-30', undefined, today)).toEqual({
      ok: true,
      from: '2026-12-30',
      to: '2027-01-06',
    });
  });

  it('allows one day and at most 31 days counting both ends', () => {
    expect(resolveListRange('2026-11-24', '2026-11-24', today).ok).toBe(true);
    expect(resolveListRange('2026-11-01', '2026-12-01', today).ok).toBe(true);
    expect(resolveListRange('2026-11-01', '2026-12-02', today)).toEqual({
      ok: false,
      field: 'to',
      message: RANGE_TOO_LONG_TEXT,
    });
  });

  it('refuses an end before the start and dates more than a year from today', () => {
    expect(resolveListRange('2026-11-24', '2026-11-23', today)).toMatchObject({
      ok: false,
      message: RANGE_END_BEFORE_START_TEXT,
    });
    expect(resolveListRange(undefined, '2026-11-01', today)).toMatchObject({ ok: false, field: 'to' });
    expect(resolveListRange('2025-11-23', '2025-11-30', today)).toEqual({
      ok: false,
      field: 'from',
      message: RANGE_OUT_OF_BOUNDS_TEXT,
    });
    expect(resolveListRange('2025-11-24', '2025-11-30', today).ok).toBe(true);
    expect(resolveListRange('2027-11-20', '2027-11-25', today)).toMatchObject({
      ok: false,
      message: RANGE_OUT_OF_BOUNDS_TEXT,
    });
  });

  it('counts calendar days across month ends, leap days and DST changes', () => {
    expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToDate('2027-03-13', 1)).toBe('2027-03-14');
    expect(daysInRange('2027-11-06', '2027-11-08')).toBe(3);
    expect(daysInRange('2026-12-31', '2026-12-31')).toBe(1);
  });
});

describe('appointmentListQuerySchema', () => {
  it('reads lists, trims the search and starts on page 1', () => {
    expect(
      appointmentListQuerySchema.parse({
        statuses: 'booked,checked-in',
        types: 'video_call',
        providerIds: '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
        q: '  ann  ',
      }),
    ).toEqual({
      statuses: ['booked', 'checked-in'],
      types: ['video_call'],
      providerIds: ['6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f'],
      q: 'ann',
      page: 1,
    });
  });

  it('refuses unknown statuses, impossible dates and pages below 1', () => {
    for (const query of [
      { statuses: 'pending' },
      { types: 'phone' },
      { from: '2026-02-30' },
      { page: '0' },
      { page: '1.5' },
      { q: 'x'.repeat(101) },
    ]) {
      expect(appointmentListQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});
