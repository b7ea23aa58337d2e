import { describe, expect, it } from 'vitest';
import { dayjs } from '../../../lib/dates/dayjs.ts';
import { listRange, localDateYearsFrom } from './list-appointments.ts';

describe('listRange (spec 2 §7, decision 0074)', () => {
  it('spans a year back and a year ahead of the local day', () => {
    expect(listRange(new Date(2026, 10, 28, 23, 30))).toEqual({
      startAt: '2025-11-28',
      finishAt: '2027-11-28',
    });
  });

  it('turns 29 February into the 28th in a year without it', () => {
    expect(localDateYearsFrom(new Date(2028, 1, 29), -1)).toBe('2027-02-28');
    expect(localDateYearsFrom(new Date(2028, 1, 29), 4)).toBe('2032-02-29');
  });

  it('agrees with dayjs, which it replaces here, over every day of a leap year and the next', () => {
    for (let day = 0; day < 731; day += 1) {
      const now = new Date(2028, 0, 1 + day, 12);
      expect(listRange(now)).toEqual({
        startAt: dayjs(now).subtract(1, 'year').format('YYYY-MM-DD'),
        finishAt: dayjs(now).add(1, 'year').format('YYYY-MM-DD'),
      });
    }
  });
});
