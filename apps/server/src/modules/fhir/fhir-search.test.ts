import { describe, expect, it } from 'vitest';
import { FhirError } from './fhir-outcome.ts';
import { dateRange, MAX_COUNT, parseDate, parseSearch } from './fhir-search.ts';

const iso = (range: { start: Date; end: Date }) => [range.start.toISOString(), range.end.toISOString()];

describe('FHIR date values (decision 0081)', () => {
  it('gives a partial date its whole period, in UTC', () => {
    expect(iso(dateRange('2026'))).toEqual(['2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
    expect(iso(dateRange('2026-11'))).toEqual(['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z']);
    expect(iso(dateRange('2026-12'))).toEqual(['2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
    expect(iso(dateRange('2026-11-28'))).toEqual(['2026-11-28T00:00:00.000Z', '2026-11-29T00:00:00.000Z']);
  });

  it('reads a dateTime with its zone at its precision', () => {
    expect(iso(dateRange('2026-11-28T10:15+02:00'))).toEqual([
      '2026-11-28T08:15:00.000Z',
      '2026-11-28T08:16:00.000Z',
    ]);
    expect(iso(dateRange('2026-11-28T10:15:30Z'))).toEqual([
      '2026-11-28T10:15:30.000Z',
      '2026-11-28T10:15:31.000Z',
    ]);
  });

  it('takes each prefix, eq by default', () => {
    for (const prefix of ['eq', 'ne', 'lt', 'gt', 'le', 'ge', 'sa', 'eb'] as const) {
      expect(parseDate(`${prefix}2026-11`).prefix).toBe(prefix);
    }
    expect(parseDate('2026').prefix).toBe('eq');
  });

  it('refuses what is not a date with a 400', () => {
    for (const bad of ['2026-13', '2026-02-30', 'yesterday', 'ap2026', '2026-11-28T25:00Z', '26-11-28', '']) {
      expect(() => parseDate(bad), bad).toThrow(FhirError);
    }
  });
});

describe('parseSearch (strict)', () => {
  const allowed = ['_id', 'patient', 'date', 'status', 'category', 'code'] as const;

  it('parses the parameters we serve', () => {
    const query = parseSearch(
      'Observation',
      {
        patient: 'Patient/abc',
        date: ['ge2026-01', 'lt2026-02'],
        code: 'http://loinc.org|8867-4,8310-5',
        category: 'vital-signs',
        status: 'final',
        _count: '10',
      },
      allowed,
    );
    expect(query.patient).toBe('abc');
    expect(query.dates.map((date) => date.prefix)).toEqual(['ge', 'lt']);
    expect(query.code).toEqual([
      { system: 'http://loinc.org', code: '8867-4' },
      { system: null, code: '8310-5' },
    ]);
    expect(query.category).toEqual([{ system: null, code: 'vital-signs' }]);
    expect(query.count).toBe(10);
    expect(query.offset).toBe(0);
  });

  it('defaults _count to 50 and caps it', () => {
    expect(parseSearch('Patient', {}, ['_id']).count).toBe(50);
    expect(parseSearch('Patient', { _count: '100000' }, ['_id']).count).toBe(MAX_COUNT);
  });

  it.each([
    [{ name: 'jane' }, 'unknown parameter'],
    [{ 'date:missing': 'true' }, 'modifier'],
    [{ _count: '-1' }, 'negative count'],
    [{ _count: 'ten' }, 'count not a number'],
    [{ _offset: '1.5' }, 'offset not whole'],
    [{ _count: ['1', '2'] }, 'count twice'],
    [{ patient: 'Practitioner/x' }, 'patient of another type'],
    [{ status: 'final,' }, 'empty alternative'],
    [{ _format: 'xml' }, 'xml'],
    [{ date: 'ge2026-00' }, 'bad date'],
  ])('refuses %j (%s) with a 400 OperationOutcome', (raw, _why) => {
    try {
      parseSearch('Observation', raw, allowed);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FhirError);
      expect((error as FhirError).statusCode).toBe(400);
    }
  });

  it('refuses a parameter the resource type does not serve', () => {
    expect(() => parseSearch('Patient', { date: '2026' }, ['_id'])).toThrow(/not supported for Patient/);
  });
});

describe('parseSearch: _lastUpdated, _sort, _include, lenient handling (decision 0091)', () => {
  const allowed = ['_id', 'patient', 'date', '_lastUpdated'] as const;
  const options = {
    sorts: ['date', '_lastUpdated'],
    includes: { 'Appointment:actor': ['Patient', 'Practitioner', 'Location'] },
  };

  it('reads _lastUpdated with the prefixes of date, repeated as a range', () => {
    const query = parseSearch(
      'Appointment',
      { _lastUpdated: ['ge2026-01', 'lt2026-02-15T10:00Z'] },
      allowed,
      options,
    );
    expect(query.lastUpdated.map((filter) => filter.prefix)).toEqual(['ge', 'lt']);
    expect(query.lastUpdated[1]?.start.toISOString()).toBe('2026-02-15T10:00:00.000Z');
  });

  it('reads _sort keys in order, - for descending', () => {
    const query = parseSearch('Appointment', { _sort: '-_lastUpdated,date' }, allowed, options);
    expect(query.sort).toEqual([
      { name: '_lastUpdated', descending: true },
      { name: 'date', descending: false },
    ]);
    expect(parseSearch('Appointment', {}, allowed, options).sort).toEqual([]);
  });

  it.each([
    ['status', 'a key the type does not sort by'],
    ['--date', 'two minus signs'],
    ['date,', 'an empty key'],
    ['date desc', 'words'],
  ])('refuses _sort=%s (%s) with a 400, lenient or not', (value, _why) => {
    for (const lenient of [false, true]) {
      expect(() => parseSearch('Appointment', { _sort: value }, allowed, { ...options, lenient })).toThrow(
        FhirError,
      );
    }
  });

  it('refuses _sort on a type that sorts by nothing', () => {
    expect(() => parseSearch('Slot', { _sort: 'date' }, ['_id'])).toThrow(/_sort by "date" is not supported/);
  });

  it('reads the includes the type serves, with an optional target type', () => {
    const query = parseSearch(
      'Appointment',
      { _include: ['Appointment:actor', 'Appointment:actor:Practitioner'] },
      allowed,
      options,
    );
    expect(query.include).toEqual([
      { name: 'Appointment:actor', target: null },
      { name: 'Appointment:actor', target: 'Practitioner' },
    ]);
  });

  it.each([
    ['Coverage:payor', 'a reference we do not follow'],
    ['Appointment:actor:Device', 'a target the reference never names'],
    ['Observation:patient', 'another type'],
    ['*', 'a wildcard'],
    ['Appointment:actor:Patient:x', 'too many parts'],
  ])('refuses _include=%s (%s) when strict', (value, _why) => {
    expect(() => parseSearch('Appointment', { _include: value }, allowed, options)).toThrow(FhirError);
  });

  it('refuses an unknown parameter and a modifier when strict (no Prefer header)', () => {
    expect(() => parseSearch('Appointment', { actor: 'x' }, allowed, options)).toThrow(
      /actor is not supported/,
    );
    expect(() =>
      parseSearch('Appointment', { '_include:iterate': 'Appointment:actor' }, allowed, options),
    ).toThrow(/modifier/);
  });

  it('ignores unknown parameters, modifiers and includes when lenient, and names them', () => {
    const query = parseSearch(
      'Appointment',
      {
        patient: 'Patient/abc',
        name: 'jane',
        'date:missing': 'true',
        _include: ['Appointment:actor', 'Coverage:payor'],
        _sort: 'date',
      },
      allowed,
      { ...options, lenient: true },
    );
    expect(query.patient).toBe('abc');
    expect(query.dates).toEqual([]);
    expect(query.ignored).toEqual(['name', 'date:missing', '_include=Coverage:payor']);
    expect(query.include).toEqual([{ name: 'Appointment:actor', target: null }]);
    // The links repeat only what was applied.
    expect(query.applied).toEqual({ patient: 'Patient/abc', _include: ['Appointment:actor'], _sort: 'date' });
  });

  it('still refuses bad values of known parameters when lenient', () => {
    const lenient = { ...options, lenient: true };
    for (const raw of [
      { date: 'ge2026-13' },
      { _lastUpdated: 'yesterday' },
      { _count: 'ten' },
      { patient: 'Group/x' },
    ]) {
      expect(() => parseSearch('Appointment', raw, allowed, lenient), JSON.stringify(raw)).toThrow(FhirError);
    }
  });

  it('drops _include from the applied parameters when every value was ignored', () => {
    const query = parseSearch('Appointment', { _include: 'Coverage:payor' }, allowed, {
      ...options,
      lenient: true,
    });
    expect(query.applied).toEqual({});
    expect(query.include).toEqual([]);
  });
});
