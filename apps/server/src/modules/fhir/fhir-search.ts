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
  | 'authored'
  | '_lastUpdated';

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
  /** `_lastUpdated` (decision 0091): a repeated value is AND, as for `date`. */
  lastUpdated: DateFilter[];
  /** `_sort` keys in order; empty keeps the type's own order. The id tiebreak is the service's. */
  sort: SortKey[];
  count: number;
  offset: number;
}

export interface SortKey {
  /** A name of the type's `sorts` (its date parameter, `_lastUpdated`). */
  name: string;
  descending: boolean;
}

/** One `_include` asked: `<Type>:<param>` and, when given, the one target type wanted. */
export interface IncludeRequest {
  name: string;
  target: string | null;
}

/** What a type offers beyond its filters (decision 0091), and how strictly the caller wants it read. */
export interface SearchOptions {
  /** `_sort` names this type takes. */
  sorts?: readonly string[];
  /** `_include` names this type takes (`Appointment:actor`), each with the types it may bring in. */
  includes?: Readonly<Record<string, readonly string[]>>;
  /** `Prefer: handling=lenient`: unknown parameters and includes are ignored, not refused. */
  lenient?: boolean;
}

/** A parsed search: the query, the includes asked, and what lenient handling ignored. */
export interface ParsedSearch extends SearchQuery {
  include: IncludeRequest[];
  /** The parameters (or `_include` values) ignored, as the caller wrote them; empty when strict. */
  ignored: string[];
  /** The request's parameters minus the ignored ones: what the Bundle's links repeat. */
  applied: RawQuery;
}

/** Paging and format parameters every search takes. */
const CONTROL_PARAMS = new Set(['_count', '_offset', '_format', '_sort', '_include']);

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

const SORT_VALUE = /^(-?)([A-Za-z_][A-Za-z0-9_-]*)$/;

function parseSort(type: string, raw: string | string[] | undefined, sorts: readonly string[]): SortKey[] {
  const items = orList('_sort', raw) ?? [];
  return items.map((item) => {
    const match = SORT_VALUE.exec(item);
    const name = match?.[2];
    // A sort key is a value of a known parameter: refused even when lenient (decision 0091).
    if (!match || name === undefined || !sorts.includes(name)) {
      throw fhirErrors.badRequest(
        `_sort by "${item}" is not supported for ${type}${sorts.length > 0 ? ` (${sorts.join(', ')}, - for descending)` : ''}.`,
      );
    }
    return { name, descending: match[1] === '-' };
  });
}

/** An `_include` value this type serves, or null (the caller decides whether that refuses or is ignored). */
function includeOf(
  value: string,
  includes: Readonly<Record<string, readonly string[]>>,
): IncludeRequest | null {
  const [source, param, target, ...rest] = value.split(':');
  const name = `${source ?? ''}:${param ?? ''}`;
  const targets = Object.hasOwn(includes, name) ? includes[name] : undefined;
  if (!targets || rest.length > 0 || (target !== undefined && !targets.includes(target))) {
    return null;
  }
  return { name, target: target ?? null };
}

export function parseSearch(
  type: string,
  raw: RawQuery,
  allowed: readonly SearchParamName[],
  options: SearchOptions = {},
): ParsedSearch {
  const ignored: string[] = [];
  const applied: RawQuery = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) {
      continue;
    }
    const base = name.split(':')[0] ?? name;
    const refusal =
      base !== name
        ? `The modifier of ${name} is not supported.`
        : !CONTROL_PARAMS.has(name) && !(allowed as readonly string[]).includes(name)
          ? `The search parameter ${name} is not supported for ${type}.`
          : null;
    if (refusal === null) {
      applied[name] = value;
    } else if (options.lenient) {
      ignored.push(name);
    } else {
      throw fhirErrors.badRequest(refusal);
    }
  }
  const include: IncludeRequest[] = [];
  const keptIncludes: string[] = [];
  for (const value of valuesOf(raw._include)) {
    const found = includeOf(value, options.includes ?? {});
    if (found) {
      include.push(found);
      keptIncludes.push(value);
    } else if (options.lenient) {
      ignored.push(`_include=${value}`);
    } else {
      throw fhirErrors.notSupported(`_include=${value} is not supported for ${type}.`);
    }
  }
  if (raw._include !== undefined) {
    if (keptIncludes.length > 0) {
      applied._include = keptIncludes;
    } else {
      delete applied._include;
    }
  }
  const format = single('_format', raw._format);
  if (format !== null && !['json', 'application/json', 'application/fhir+json'].includes(format)) {
    throw fhirErrors.badRequest('Only JSON is served (_format json).');
  }
  const count = single('_count', raw._count);
  const offset = single('_offset', raw._offset);
  const patient = single('patient', applied.patient);
  return {
    ids: orList('_id', applied._id),
    patient: patient === null ? null : patientId(patient),
    dates: valuesOf(applied.date).map(parseDate),
    status: orList('status', applied.status),
    category: orList('category', applied.category)?.map(parseToken) ?? null,
    code: orList('code', applied.code)?.map(parseToken) ?? null,
    schedule:
      orList('schedule', applied.schedule)?.map((value) => referenceId('schedule', 'Schedule', value)) ??
      null,
    start: valuesOf(applied.start).map(parseDate),
    questionnaire:
      orList('questionnaire', applied.questionnaire)?.map((value) =>
        referenceId('questionnaire', 'Questionnaire', value),
      ) ?? null,
    authored: valuesOf(applied.authored).map(parseDate),
    lastUpdated: valuesOf(applied._lastUpdated).map(parseDate),
    sort: parseSort(type, raw._sort, options.sorts ?? []),
    count: count === null ? DEFAULT_COUNT : Math.min(nonNegativeInteger('_count', count), MAX_COUNT),
    offset: offset === null ? 0 : nonNegativeInteger('_offset', offset),
    include,
    ignored,
    applied,
  };
}
