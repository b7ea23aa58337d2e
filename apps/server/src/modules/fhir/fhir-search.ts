import { fhirErrors } from './fhir-outcome.ts';

// Issue 21 item 1 (decision 0081): the search parameters we serve, parsed strictly. An unknown
// parameter, a modifier we do not implement or a malformed value is a 400 OperationOutcome: a
// client that asked for a filter we would silently drop would read more than it meant to.

export const DEFAULT_COUNT = 50;
export const MAX_COUNT = 200;

export type SearchParamName =
  | '_id'
  | 'patient'
  | 'date'
  | 'status'
  | 'category'
  | 'code'
  | 'schedule'
  | 'start'
  | 'questionnaire'
  | 'authored';

export const DATE_PREFIXES = ['eq', 'ne', 'lt', 'gt', 'le', 'ge', 'sa', 'eb'] as const;
export type DatePrefix = (typeof DATE_PREFIXES)[number];

/** A date parameter: its prefix and the instants [start, end) its precision covers. */
export interface DateFilter {
  prefix: DatePrefix;
  start: Date;
  end: Date;
}

export interface TokenValue {
  system: string | null;
  code: string;
}

export interface SearchQuery {
  ids: string[] | null;
  patient: string | null;
  dates: DateFilter[];
  status: string[] | null;
  category: TokenValue[] | null;
  code: TokenValue[] | null;
  /** Slot `schedule`: Schedule ids (`Schedule/<id>` or `<id>`), a comma separating alternatives. */
  schedule: string[] | null;
  /** Slot `start`: a repeated value is AND (a range), as for `date`. */
  start: DateFilter[];
  /** QuestionnaireResponse `questionnaire`: `Questionnaire/<id>` or `<id>`, a comma separating alternatives. */
  questionnaire: string[] | null;
  /** QuestionnaireResponse `authored`: a repeated value is AND, as for `date`. */
  authored: DateFilter[];
  count: number;
  offset: number;
}

/** Paging and format parameters every search takes. */
const CONTROL_PARAMS = new Set(['_count', '_offset', '_format']);

const DATE_VALUE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * The instants a FHIR date value covers (2026 → the year, 2026-11 → the month, 2026-11-28 → the day,
 * a dateTime → its minute or second). Values without a time zone are read as UTC (decision 0081).
 */
export function dateRange(value: string): { start: Date; end: Date } {
  const match = DATE_VALUE.exec(value);
  if (!match) {
    throw fhirErrors.badRequest(`"${value}" is not a FHIR date (YYYY, YYYY-MM, YYYY-MM-DD or a dateTime).`);
  }
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  const year = Number(y);
  const month = mo === undefined ? 1 : Number(mo);
  const day = d === undefined ? 1 : Number(d);
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) {
    throw fhirErrors.badRequest(`"${value}" is not a valid date.`);
  }
  if (mo === undefined) {
    return { start: new Date(Date.UTC(year, 0, 1)), end: new Date(Date.UTC(year + 1, 0, 1)) };
  }
  if (d === undefined) {
    return { start: new Date(Date.UTC(year, month - 1, 1)), end: new Date(Date.UTC(year, month, 1)) };
  }
  if (h === undefined) {
    return {
      start: new Date(Date.UTC(year, month - 1, day)),
      end: new Date(Date.UTC(year, month - 1, day + 1)),
    };
  }
  if (Number(h) > 23 || Number(mi) > 59 || (s !== undefined && Number(s) > 59)) {
    throw fhirErrors.badRequest(`"${value}" is not a valid time.`);
  }
  const start = new Date(
    `${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${fraction ? `.${fraction.slice(0, 3)}` : ''}${zone ?? 'Z'}`,
  );
  if (Number.isNaN(start.getTime())) {
    throw fhirErrors.badRequest(`"${value}" is not a valid time.`);
  }
  // The precision given: a minute, a second, or a millisecond.
  const step = s === undefined ? 60_000 : fraction === undefined ? 1000 : 1;
  return { start, end: new Date(start.getTime() + step) };
}

export function parseDate(value: string): DateFilter {
  const prefix = DATE_PREFIXES.find((candidate) => value.startsWith(candidate));
  const rest = prefix ? value.slice(2) : value;
  return { prefix: prefix ?? 'eq', ...dateRange(rest) };
}

function parseToken(value: string): TokenValue {
  const bar = value.indexOf('|');
  if (bar < 0) {
    return { system: null, code: value };
  }
  return { system: value.slice(0, bar), code: value.slice(bar + 1) };
}

function nonNegativeInteger(name: string, value: string): number {
  if (!/^\d{1,9}$/.test(value)) {
    throw fhirErrors.badRequest(`${name} must be a whole number, not "${value}".`);
  }
  return Number(value);
}

/** One value list per parameter: a repeated parameter is AND, a comma inside one value is OR. */
export type RawQuery = Record<string, string | string[] | undefined>;

function valuesOf(raw: string | string[] | undefined): string[] {
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
}

function single(name: string, raw: string | string[] | undefined): string | null {
  const values = valuesOf(raw);
  if (values.length > 1) {
    throw fhirErrors.badRequest(`${name} may be given once.`);
  }
  return values[0] ?? null;
}

function orList(name: string, raw: string | string[] | undefined): string[] | null {
  const value = single(name, raw);
  if (value === null) {
    return null;
  }
  const items = value.split(',').map((item) => item.trim());
  if (items.some((item) => item.length === 0)) {
    throw fhirErrors.badRequest(`${name} has an empty value.`);
  }
  return items;
}

/** The id a reference parameter names: `<Type>/<id>` or `<id>`. */
function referenceId(name: string, type: string, value: string): string {
  const id = value.startsWith(`${type}/`) ? value.slice(type.length + 1) : value;
  if (id.includes('/')) {
    throw fhirErrors.badRequest(`${name} must name a ${type}, not "${value}".`);
  }
  return id;
}

/** The patient a `patient` (or `subject`) value names: `Patient/<id>` or `<id>`. */
function patientId(value: string): string {
  const id = value.startsWith('Patient/') ? value.slice('Patient/'.length) : value;
  if (id.includes('/')) {
    throw fhirErrors.badRequest(`patient must name a Patient, not "${value}".`);
  }
  return id;
}

export function parseSearch(type: string, raw: RawQuery, allowed: readonly SearchParamName[]): SearchQuery {
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) {
      continue;
    }
    const base = name.split(':')[0] ?? name;
    if (base !== name) {
      throw fhirErrors.badRequest(`The modifier of ${name} is not supported.`);
    }
    if (!CONTROL_PARAMS.has(name) && !(allowed as readonly string[]).includes(name)) {
      throw fhirErrors.badRequest(`The search parameter ${name} is not supported for ${type}.`);
    }
  }
  const format = single('_format', raw._format);
  if (format !== null && !['json', 'application/json', 'application/fhir+json'].includes(format)) {
    throw fhirErrors.badRequest('Only JSON is served (_format json).');
  }
  const count = single('_count', raw._count);
  const offset = single('_offset', raw._offset);
  const patient = single('patient', raw.patient);
  return {
    ids: orList('_id', raw._id),
    patient: patient === null ? null : patientId(patient),
    dates: valuesOf(raw.date).map(parseDate),
    status: orList('status', raw.status),
    category: orList('category', raw.category)?.map(parseToken) ?? null,
    code: orList('code', raw.code)?.map(parseToken) ?? null,
    schedule:
      orList('schedule', raw.schedule)?.map((value) => referenceId('schedule', 'Schedule', value)) ?? null,
    start: valuesOf(raw.start).map(parseDate),
    questionnaire:
      orList('questionnaire', raw.questionnaire)?.map((value) =>
        referenceId('questionnaire', 'Questionnaire', value),
      ) ?? null,
    authored: valuesOf(raw.authored).map(parseDate),
    count: count === null ? DEFAULT_COUNT : Math.min(nonNegativeInteger('_count', count), MAX_COUNT),
    offset: offset === null ? 0 : nonNegativeInteger('_offset', offset),
  };
}
