import { describe, expect, it, vi } from 'vitest';
import type { TimeSlot } from '@app/contracts/scheduling';
import {
  addDays,
  dayColumns,
  loadForward,
  previousStart,
  showNext,
  showPrevious,
  slotBounds,
  todayIn,
} from './slot-windows.ts';

const ZONE = 'America/New_York';

function slot(startAt: string): TimeSlot {
  return {
    startTimestamp: Math.floor(Date.parse(startAt) / 1000),
    startAt,
    finishAt: startAt,
    externalId: startAt,
  };
}

describe('slot bounds (spec 2 §9)', () => {
  it('starts at today or the later booking open date and ends at the close date', () => {
    expect(
      slotBounds('2026-11-23', { bookingOpenDate: '2026-12-01', bookingCloseDate: '2027-01-31' }, false),
    ).toEqual({
      minDate: '2026-12-01',
      maxDate: '2027-01-31',
    });
    expect(
      slotBounds('2026-11-23', { bookingOpenDate: '2026-11-01', bookingCloseDate: null }, false),
    ).toEqual({
      minDate: '2026-11-23',
      maxDate: null,
    });
  });

  it('ignores the booking dates in the care-manager app', () => {
    expect(
      slotBounds('2026-11-23', { bookingOpenDate: '2026-12-01', bookingCloseDate: '2026-12-05' }, true),
    ).toEqual({
      minDate: '2026-11-23',
      maxDate: null,
    });
  });

  it("reads today in the department's zone", () => {
    // 03:00 UTC on the 24th is still the 23rd in New York.
    expect(todayIn(ZONE, new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-23');
  });
});

describe('arrows (spec 2 §4)', () => {
  const bounds = { minDate: '2026-11-23', maxDate: '2026-12-10' };
  it('hides previous at the minimum and next at the close date', () => {
    expect(showPrevious('2026-11-23', bounds)).toBe(false);
    expect(showPrevious('2026-11-30', bounds)).toBe(true);
    expect(showNext('2026-11-23', 7, bounds)).toBe(true);
    expect(showNext('2026-12-04', 7, bounds)).toBe(false);
    expect(showNext('2026-12-04', 7, { ...bounds, maxDate: null })).toBe(true);
  });

  it('never goes before the minimum', () => {
    expect(previousStart('2026-11-26', 7, bounds)).toBe('2026-11-23');
    expect(previousStart('2026-12-07', 7, bounds)).toBe('2026-11-30');
  });
});

describe('loadForward (spec 2 §4)', () => {
  const open = { minDate: '2026-11-23', maxDate: null };

  it('keeps loading following windows while empty', async () => {
    const fetchWindow = vi.fn((start: string) =>
      Promise.resolve(start === '2026-12-07' ? [slot('2026-12-07T14:00:00Z')] : []),
    );
    const result = await loadForward('2026-11-23', 7, open, ZONE, fetchWindow);
    expect(fetchWindow.mock.calls.map((call) => call.slice(0, 2))).toEqual([
      ['2026-11-23', '2026-11-29'],
      ['2026-11-30', '2026-12-06'],
      ['2026-12-07', '2026-12-13'],
    ]);
    expect(result).toEqual({ kind: 'slots', start: '2026-12-07', slots: [slot('2026-12-07T14:00:00Z')] });
  });

  it('skips forward to the first slot when it is later than the window start', async () => {
    const fetchWindow = vi.fn((start: string) =>
      Promise.resolve(
        start === '2026-11-23'
          ? [slot('2026-11-26T15:00:00Z')]
          : start === '2026-11-30'
            ? [slot('2026-12-01T15:00:00Z')]
            : [],
      ),
    );
    const result = await loadForward('2026-11-23', 7, open, ZONE, fetchWindow);
    expect(fetchWindow.mock.calls.map((call) => call.slice(0, 2))).toEqual([
      ['2026-11-23', '2026-11-29'],
      ['2026-11-30', '2026-12-02'],
    ]);
    expect(result).toEqual({
      kind: 'slots',
      start: '2026-11-26',
      slots: [slot('2026-11-26T15:00:00Z'), slot('2026-12-01T15:00:00Z')],
    });
  });

  it('stops with no availability after 90 days', async () => {
    const fetchWindow = vi.fn((_start: string, _finish: string) => Promise.resolve([] as TimeSlot[]));
    const result = await loadForward('2026-11-23', 7, open, ZONE, fetchWindow);
    expect(result).toEqual({ kind: 'empty' });
    const lastStart = fetchWindow.mock.calls.at(-1)?.[0];
    expect(lastStart).toBe(addDays('2026-11-23', 84));
    expect(fetchWindow).toHaveBeenCalledTimes(13);
  });

  it('stops at the booking close date and never asks past it', async () => {
    const fetchWindow = vi.fn((_start: string, _finish: string) => Promise.resolve([] as TimeSlot[]));
    const result = await loadForward(
      '2026-11-23',
      7,
      { minDate: '2026-11-23', maxDate: '2026-12-02' },
      ZONE,
      fetchWindow,
    );
    expect(result).toEqual({ kind: 'empty' });
    expect(fetchWindow.mock.calls.map((call) => call.slice(0, 2))).toEqual([
      ['2026-11-23', '2026-11-29'],
      ['2026-11-30', '2026-12-02'],
    ]);
  });
});

describe('dayColumns', () => {
  it("puts slots on their day in the department's zone with 'ddd' and 'MMM DD'", () => {
    // 02:00 UTC on Nov 24 is 21:00 on Nov 23 in New York.
    const columns = dayColumns(
      '2026-11-23',
      3,
      [slot('2026-11-24T02:00:00Z'), slot('2026-11-23T14:00:00Z')],
      ZONE,
    );
    expect(
      columns.map((column) => [column.date, column.dayName, column.formattedDate, column.slots.length]),
    ).toEqual([
      ['2026-11-23', 'Mon', 'Nov 23', 2],
      ['2026-11-24', 'Tue', 'Nov 24', 0],
      ['2026-11-25', 'Wed', 'Nov 25', 0],
    ]);
    expect(columns[0]?.slots[0]?.startAt).toBe('2026-11-23T14:00:00Z');
  });
});
