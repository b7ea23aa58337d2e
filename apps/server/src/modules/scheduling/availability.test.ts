import { describe, expect, it } from 'vitest';
import {
  computeFreeSlots,
  formatInstant,
  isOnGrid,
  localDateRange,
  mergeIntervals,
  type AvailabilityInput,
  type FreeSlot,
} from './availability.ts';

const NY = 'America/New_York';
const at = (iso: string) => Date.parse(iso);
const labels = (slots: FreeSlot[], zone = NY) => slots.map((slot) => formatInstant(slot.start, zone));

function input(overrides: Partial<AvailabilityInput>): AvailabilityInput {
  return {
    timezone: NY,
    blocks: [{ weekday: 1, startTime: '09:00:00', endTime: '10:00:00' }],
    durationMinutes: 30,
    fromDate: '2026-01-05',
    toDate: '2026-01-05',
    busy: [],
    now: new Date('2026-01-01T00:00:00Z'),
    ...overrides,
  };
}

describe('computeFreeSlots (issue 4 availability)', () => {
  it('starts at the block start and steps by the duration; a slot must fit inside the block', () => {
    const slots = computeFreeSlots(
      input({ blocks: [{ weekday: 1, startTime: '09:00', endTime: '10:40' }], durationMinutes: 30 }),
    );
    expect(labels(slots)).toEqual([
      '2026-01-05T09:00:00-05:00',
      '2026-01-05T09:30:00-05:00',
      '2026-01-05T10:00:00-05:00',
    ]);
    expect(slots[0]?.end).toBe(at('2026-01-05T14:30:00Z'));
  });

  it('uses only the blocks of each date’s ISO weekday, over the whole local date range', () => {
    const slots = computeFreeSlots(
      input({
        blocks: [
          { weekday: 1, startTime: '09:00', endTime: '09:30' },
          { weekday: 3, startTime: '14:00', endTime: '14:30' },
          { weekday: 7, startTime: '08:00', endTime: '08:30' },
        ],
        fromDate: '2026-01-05',
        toDate: '2026-01-11',
      }),
    );
    expect(labels(slots)).toEqual([
      '2026-01-05T09:00:00-05:00',
      '2026-01-07T14:00:00-05:00',
      '2026-01-11T08:00:00-05:00',
    ]);
  });

  it('reads blocks in the department zone', () => {
    const slots = computeFreeSlots(input({ timezone: 'America/Chicago' }));
    expect(slots[0]?.start).toBe(at('2026-01-05T15:00:00Z'));
    expect(formatInstant(slots[0]?.start ?? 0, 'America/Chicago')).toBe('2026-01-05T09:00:00-06:00');
  });

  it('removes slots overlapping busy time (appointments, holds, time off), touching is fine', () => {
    const slots = computeFreeSlots(
      input({
        blocks: [{ weekday: 1, startTime: '09:00', endTime: '11:00' }],
        busy: [
          // An appointment 09:30-10:00 takes exactly one slot.
          { start: at('2026-01-05T14:30:00Z'), end: at('2026-01-05T15:00:00Z') },
          // A 10-minute piece of time off 10:20-10:30 still blocks the 10:00 slot.
          { start: at('2026-01-05T15:20:00Z'), end: at('2026-01-05T15:30:00Z') },
        ],
      }),
    );
    expect(labels(slots)).toEqual(['2026-01-05T09:00:00-05:00', '2026-01-05T10:30:00-05:00']);
  });

  it('offers only slots after now', () => {
    const slots = computeFreeSlots(
      input({
        blocks: [{ weekday: 1, startTime: '09:00', endTime: '11:00' }],
        now: new Date('2026-01-05T14:30:00Z'),
      }),
    );
    expect(labels(slots)).toEqual(['2026-01-05T10:00:00-05:00', '2026-01-05T10:30:00-05:00']);
  });

  it('stops at the limit', () => {
    const slots = computeFreeSlots(
      input({ blocks: [{ weekday: 1, startTime: '09:00', endTime: '17:00' }], limit: 3 }),
    );
    expect(slots).toHaveLength(3);
  });

  it('ignores malformed blocks and empty ranges', () => {
    expect(computeFreeSlots(input({ blocks: [{ weekday: 1, startTime: '9am', endTime: '10:00' }] }))).toEqual(
      [],
    );
    expect(computeFreeSlots(input({ fromDate: '2026-01-06', toDate: '2026-01-05' }))).toEqual([]);
    expect(computeFreeSlots(input({ durationMinutes: 0 }))).toEqual([]);
  });

  it('accepts a block ending at 24:00', () => {
    const slots = computeFreeSlots(
      input({ blocks: [{ weekday: 1, startTime: '23:00', endTime: '24:00:00' }], durationMinutes: 30 }),
    );
    expect(labels(slots)).toEqual(['2026-01-05T23:00:00-05:00', '2026-01-05T23:30:00-05:00']);
  });
});

describe('computeFreeSlots across daylight-saving changes (America/New_York)', () => {
  // 2026-03-08 (Sunday) clocks go 02:00 EST -> 03:00 EDT; 2026-11-01 (Sunday) 02:00 EDT -> 01:00 EST.
  const nineOClock = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    startTime: '09:00',
    endTime: '09:30',
  }));

  it('a 09:00 local slot has the right UTC instant on both sides of the spring change', () => {
    const slots = computeFreeSlots(
      input({ blocks: nineOClock, fromDate: '2026-03-07', toDate: '2026-03-09' }),
    );
    expect(slots.map((slot) => new Date(slot.start).toISOString())).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ]);
    expect(labels(slots)).toEqual([
      '2026-03-07T09:00:00-05:00',
      '2026-03-08T09:00:00-04:00',
      '2026-03-09T09:00:00-04:00',
    ]);
  });

  it('a 09:00 local slot has the right UTC instant on both sides of the fall change', () => {
    const slots = computeFreeSlots(
      input({ blocks: nineOClock, fromDate: '2026-10-31', toDate: '2026-11-02' }),
    );
    expect(slots.map((slot) => new Date(slot.start).toISOString())).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
  });

  it('a block crossing the spring-forward gap is an hour shorter; no slot starts in the gap', () => {
    const slots = computeFreeSlots(
      input({
        blocks: [{ weekday: 7, startTime: '01:00', endTime: '04:00' }],
        fromDate: '2026-03-08',
        toDate: '2026-03-08',
        durationMinutes: 30,
      }),
    );
    expect(labels(slots)).toEqual([
      '2026-03-08T01:00:00-05:00',
      '2026-03-08T01:30:00-05:00',
      '2026-03-08T03:00:00-04:00',
      '2026-03-08T03:30:00-04:00',
    ]);
    for (const slot of slots) {
      expect(slot.end - slot.start).toBe(30 * 60_000);
    }
  });

  it('a block starting inside the gap starts at the same time shifted forward by the gap', () => {
    const slots = computeFreeSlots(
      input({
        blocks: [{ weekday: 7, startTime: '02:30', endTime: '04:30' }],
        fromDate: '2026-03-08',
        toDate: '2026-03-08',
        durationMinutes: 30,
      }),
    );
    expect(labels(slots)).toEqual(['2026-03-08T03:30:00-04:00', '2026-03-08T04:00:00-04:00']);
  });

  it('a block crossing the fall-back hour offers the repeated hour twice, with both offsets', () => {
    const slots = computeFreeSlots(
      input({
        blocks: [{ weekday: 7, startTime: '00:30', endTime: '02:30' }],
        fromDate: '2026-11-01',
        toDate: '2026-11-01',
        durationMinutes: 30,
      }),
    );
    expect(labels(slots)).toEqual([
      '2026-11-01T00:30:00-04:00',
      '2026-11-01T01:00:00-04:00',
      '2026-11-01T01:30:00-04:00',
      '2026-11-01T01:00:00-05:00',
      '2026-11-01T01:30:00-05:00',
      '2026-11-01T02:00:00-05:00',
    ]);
    const starts = slots.map((slot) => slot.start);
    expect(new Set(starts).size).toBe(starts.length);
  });

  it('an ambiguous block start is read at its first occurrence (daylight time)', () => {
    const slots = computeFreeSlots(
      input({
        blocks: [{ weekday: 7, startTime: '01:30', endTime: '02:00' }],
        fromDate: '2026-11-01',
        toDate: '2026-11-01',
        durationMinutes: 30,
      }),
    );
    // 01:30 EDT to 02:00 EST is 90 real minutes: three slots.
    expect(labels(slots)).toEqual([
      '2026-11-01T01:30:00-04:00',
      '2026-11-01T01:00:00-05:00',
      '2026-11-01T01:30:00-05:00',
    ]);
  });

  it('the local date range of a DST day is 23 or 25 hours long', () => {
    const spring = localDateRange('2026-03-08', '2026-03-08', NY);
    const fall = localDateRange('2026-11-01', '2026-11-01', NY);
    expect(((spring?.end ?? 0) - (spring?.start ?? 0)) / 3_600_000).toBe(23);
    expect(((fall?.end ?? 0) - (fall?.start ?? 0)) / 3_600_000).toBe(25);
  });
});

describe('isOnGrid and mergeIntervals', () => {
  const blocks = [{ weekday: 1, startTime: '09:00', endTime: '12:00' }];
  it('accepts exactly the grid’s slots', () => {
    const start = at('2026-01-05T14:30:00Z');
    expect(isOnGrid({ start, end: start + 30 * 60_000 }, blocks, 30, NY)).toBe(true);
    expect(isOnGrid({ start: start + 60_000, end: start + 31 * 60_000 }, blocks, 30, NY)).toBe(false);
    expect(isOnGrid({ start, end: start + 45 * 60_000 }, blocks, 30, NY)).toBe(false);
    expect(
      isOnGrid({ start: at('2026-01-06T14:30:00Z'), end: at('2026-01-06T15:00:00Z') }, blocks, 30, NY),
    ).toBe(false);
  });
  it('merges overlapping and touching intervals and drops empty ones', () => {
    expect(
      mergeIntervals([
        { start: 5, end: 7 },
        { start: 1, end: 3 },
        { start: 3, end: 4 },
        { start: 6, end: 9 },
        { start: 10, end: 10 },
      ]),
    ).toEqual([
      { start: 1, end: 4 },
      { start: 5, end: 9 },
    ]);
  });
});
