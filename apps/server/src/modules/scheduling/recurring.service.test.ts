import { describe, expect, it } from 'vitest';
import { pickSeries, seriesDates } from './recurring.service.ts';

const NY = 'America/New_York';
const slot = (iso: string, minutes = 30) => {
  const start = Date.parse(iso);
  return { start, end: start + minutes * 60_000 };
};

describe('seriesDates (spec 2 §4 recurring booking, §9 repeat periods)', () => {
  it('takes the chosen weekdays of the first week on or after fromDate, then every repeatPeriod weeks', () => {
    // 2027-01-06 is a Wednesday: Monday of that week is before fromDate and is skipped.
    expect(seriesDates('2027-01-06', [1, 3], 2, 6)).toEqual([
      '2027-01-06',
      '2027-01-18',
      '2027-01-20',
      '2027-02-01',
      '2027-02-03',
      '2027-02-15',
    ]);
    expect(seriesDates('2027-01-04', [5], 4, 3)).toEqual(['2027-01-08', '2027-02-05', '2027-03-05']);
    expect(seriesDates('2027-01-04', [7, 7, 1], 3, 4)).toEqual([
      '2027-01-04',
      '2027-01-10',
      '2027-01-25',
      '2027-01-31',
    ]);
  });
  it('answers nothing for no weekdays', () => {
    expect(seriesDates('2027-01-04', [], 2, 6)).toEqual([]);
  });
});

describe('pickSeries (decision 0017: prefer one local time across the series)', () => {
  it('uses the time of day free on most dates, and the nearest time elsewhere', () => {
    const picked = pickSeries(
      [
        [slot('2027-01-04T14:00:00Z'), slot('2027-01-04T15:00:00Z')],
        [slot('2027-01-11T15:00:00Z')],
        [slot('2027-01-18T14:30:00Z'), slot('2027-01-18T15:00:00Z'), slot('2027-01-18T18:00:00Z')],
        [slot('2027-01-25T14:30:00Z'), slot('2027-01-25T19:00:00Z')],
      ],
      NY,
    );
    expect(picked?.map((s) => new Date(s.start).toISOString())).toEqual([
      '2027-01-04T15:00:00.000Z',
      '2027-01-11T15:00:00.000Z',
      '2027-01-18T15:00:00.000Z',
      '2027-01-25T14:30:00.000Z',
    ]);
  });
  it('keeps the local time across a DST change (same wall clock, different UTC)', () => {
    const picked = pickSeries(
      [[slot('2027-03-08T14:00:00Z')], [slot('2027-03-15T13:00:00Z'), slot('2027-03-15T14:00:00Z')]],
      NY,
    );
    expect(picked?.map((s) => new Date(s.start).toISOString())).toEqual([
      '2027-03-08T14:00:00.000Z',
      '2027-03-15T13:00:00.000Z',
    ]);
  });
  it('leaves out a series with a date that has no free slot', () => {
    expect(pickSeries([[slot('2027-01-04T14:00:00Z')], []], NY)).toBeNull();
  });
});
