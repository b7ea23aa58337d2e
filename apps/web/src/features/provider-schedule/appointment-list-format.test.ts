import { describe, expect, it } from 'vitest';
import { appointmentDateTime, formatDay, pageCount } from './appointment-list-format.ts';

describe('appointment list formats (decision 0039)', () => {
  it('writes a calendar date without moving it by the browser zone', () => {
    expect(formatDay('2026-11-24', 'en')).toBe('Tue, Nov 24, 2026');
    expect(formatDay('2027-01-01', 'es')).toMatch(/1 ene 2027/);
  });

  it("reads an appointment in its own zone, with the zone's name", () => {
    expect(appointmentDateTime('2026-11-26T09:00:00-06:00', 'America/Chicago', 'en')).toEqual({
      date: 'Thu, Nov 26',
      time: '9:00 AM CST',
    });
    // 23:30 in New York is already the next day in UTC.
    expect(appointmentDateTime('2026-12-01T23:30:00-05:00', 'America/New_York', 'en').date).toBe(
      'Tue, Dec 1',
    );
  });

  it('counts at least one page', () => {
    expect([pageCount(0, 25), pageCount(25, 25), pageCount(26, 25)]).toEqual([1, 1, 2]);
  });
});
