import { describe, expect, it } from 'vitest';
import {
  calendarDateIn,
  differsFromViewer,
  formatAtOffset,
  formatCalendarDate,
  formatInstant,
  formatZoned,
  monthNames,
  zoneAbbreviation,
  zoneHeading,
  zoneSuffix,
} from './format-time.ts';

const NEW_YORK = 'America/New_York';

describe('formatInstant: a stored instant in the viewer zone', () => {
  it('writes the same instant as the viewer clock reads it, without a zone name', () => {
    const upload = '2026-12-01T09:34:00Z';
    expect(formatInstant(upload, { language: 'en', viewerZone: 'UTC' })).toBe('Dec 1, 2026, 9:34 AM');
    expect(formatInstant(upload, { language: 'en', viewerZone: NEW_YORK })).toBe('Dec 1, 2026, 4:34 AM');
    expect(formatInstant(upload, { language: 'en', viewerZone: 'America/Chicago', style: 'time' })).toBe(
      '3:34 AM',
    );
  });

  it('writes Spanish dates and a 24-hour clock for es', () => {
    expect(formatInstant('2026-12-01T15:05:00Z', { language: 'es', viewerZone: NEW_YORK })).toBe(
      '1 dic 2026, 10:05',
    );
  });

  it('returns an empty text for a value that is not a time', () => {
    expect(formatInstant('not a date', { language: 'en', viewerZone: 'UTC' })).toBe('');
  });
});

describe('formatZoned: a time of a place in that place zone', () => {
  const visit = '2026-12-01T14:30:00Z';

  it('leaves the zone out when it is the viewer zone', () => {
    expect(formatZoned(visit, NEW_YORK, { language: 'en', style: 'time', viewerZone: NEW_YORK })).toBe(
      '9:30 AM',
    );
  });

  it('names the zone by its short name, never its IANA id, when the viewer is elsewhere', () => {
    const text = formatZoned(visit, NEW_YORK, {
      language: 'en',
      style: 'full',
      viewerZone: 'America/Los_Angeles',
    });
    expect(text).toBe('Tuesday, December 1, 2026 at 9:30 AM EST');
    expect(text).not.toContain('America/New_York');
    expect(
      formatZoned(visit, 'America/Chicago', { language: 'en', style: 'time', viewerZone: NEW_YORK }),
    ).toBe('8:30 AM CST');
  });

  it('names the zone on request even for the viewer zone (a heading of one place)', () => {
    expect(
      formatZoned(visit, NEW_YORK, {
        language: 'en',
        style: 'time',
        viewerZone: NEW_YORK,
        zoneName: 'always',
      }),
    ).toBe('9:30 AM EST');
  });

  it('never names a zone after a date without a time', () => {
    expect(formatZoned(visit, NEW_YORK, { language: 'en', style: 'weekdayDate', viewerZone: 'UTC' })).toBe(
      'Tue, Dec 1, 2026',
    );
  });

  it('writes EST and EDT around the March change in New York', () => {
    const options = { language: 'en', style: 'time', viewerZone: 'UTC' } as const;
    // 2026-03-08: 2:00 AM EST becomes 3:00 AM EDT.
    expect(formatZoned('2026-03-08T06:30:00Z', NEW_YORK, options)).toBe('1:30 AM EST');
    expect(formatZoned('2026-03-08T07:30:00Z', NEW_YORK, options)).toBe('3:30 AM EDT');
  });

  it('tells the two 1:30 AMs apart on the November night the clocks go back', () => {
    const options = { language: 'en', style: 'time', viewerZone: 'UTC' } as const;
    // 2026-11-01: 2:00 AM EDT becomes 1:00 AM EST, so 1:30 AM happens twice.
    expect(formatZoned('2026-11-01T05:30:00Z', NEW_YORK, options)).toBe('1:30 AM EDT');
    expect(formatZoned('2026-11-01T06:30:00Z', NEW_YORK, options)).toBe('1:30 AM EST');
  });

  it('compares the clocks, not the zone ids: Phoenix and Denver read alike in winter only', () => {
    expect(differsFromViewer('America/Denver', '2026-12-01T15:00:00Z', 'America/Phoenix')).toBe(false);
    expect(differsFromViewer('America/Denver', '2026-07-01T15:00:00Z', 'America/Phoenix')).toBe(true);
    expect(zoneSuffix('America/Denver', '2026-07-01T15:00:00Z', 'en', 'America/Phoenix')).toBe('MDT');
    expect(zoneSuffix('America/Denver', '2026-12-01T15:00:00Z', 'en', 'America/Phoenix')).toBe('');
  });

  it('writes the US short name in Spanish too, not "GMT-5"', () => {
    expect(formatZoned(visit, NEW_YORK, { language: 'es', style: 'full', viewerZone: 'UTC' })).toBe(
      'martes, 1 de diciembre de 2026, 9:30 EST',
    );
    expect(zoneAbbreviation(NEW_YORK, '2026-07-01T12:00:00Z', 'es')).toBe('EDT');
  });
});

describe('zoneHeading', () => {
  it('names a place zone in words with its abbreviation, in the reader language', () => {
    expect(zoneHeading(NEW_YORK, '2026-12-01T12:00:00Z', 'en')).toBe('Eastern Time (EST)');
    expect(zoneHeading('America/Chicago', '2026-07-01T12:00:00Z', 'en')).toBe('Central Time (CDT)');
    expect(zoneHeading(NEW_YORK, '2026-12-01T12:00:00Z', 'es')).toBe('hora oriental (EST)');
  });
});

describe('formatCalendarDate: a date that is not an instant', () => {
  it('keeps a birthdate on its day whatever the zone', () => {
    expect(formatCalendarDate('1980-04-12', 'en', 'dateLong')).toBe('April 12, 1980');
    expect(formatCalendarDate('1980-04-12', 'es', 'dateLong')).toBe('12 de abril de 1980');
    expect(formatCalendarDate('2026-01-01T00:00:00Z', 'en')).toBe('Jan 1, 2026');
  });

  it('returns a value that is not a date unchanged', () => {
    expect(formatCalendarDate('unknown', 'en')).toBe('unknown');
  });
});

describe('calendarDateIn and monthNames', () => {
  it('gives the day an instant falls on in a zone', () => {
    expect(calendarDateIn('2026-12-02T03:30:00Z', NEW_YORK)).toBe('2026-12-01');
    expect(calendarDateIn('2026-12-02T03:30:00Z', 'UTC')).toBe('2026-12-02');
  });

  it('names the months in the reader language', () => {
    expect(monthNames('en')[0]).toBe('January');
    expect(monthNames('es')[11]).toBe('diciembre');
  });
});

describe('formatAtOffset: an ISO time at its own offset', () => {
  const slot = '2026-12-01T09:00:00-05:00';

  it('reads the time at the offset it carries, named by the department zone when it is not the viewer', () => {
    expect(
      formatAtOffset(slot, {
        language: 'en',
        style: 'time',
        viewerZone: 'America/Los_Angeles',
        zone: NEW_YORK,
      }),
    ).toBe('9:00 AM EST');
    expect(
      formatAtOffset(slot, { language: 'en', style: 'time', viewerZone: NEW_YORK, zone: NEW_YORK }),
    ).toBe('9:00 AM');
  });

  it('names the bare offset when no zone matches it, and nothing when it is the viewer offset', () => {
    expect(formatAtOffset(slot, { language: 'en', style: 'weekdayTime', viewerZone: 'UTC' })).toBe(
      'Tue, Dec 1, 9:00 AM UTC-5',
    );
    expect(
      formatAtOffset(slot, {
        language: 'en',
        style: 'time',
        viewerZone: 'America/Chicago',
        zone: 'America/Chicago',
      }),
    ).toBe('9:00 AM UTC-5');
    expect(formatAtOffset(slot, { language: 'en', style: 'time', viewerZone: NEW_YORK })).toBe('9:00 AM');
  });
});
