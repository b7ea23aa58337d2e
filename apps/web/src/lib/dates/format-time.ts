// The one way the web app writes a date or a time (issue 18 item 4, decision 0053).
//
// - A stored instant (an upload, a message, a vital taken, a payment, an audit line) is shown in the
//   viewer's zone: formatInstant.
// - A time that belongs to a place (a visit, a slot) is shown in that place's zone: formatZoned. When
//   that zone's clock does not read like the viewer's at that instant, the zone's short name follows
//   ("9:30 AM EST"). An IANA id ("America/New_York") is never printed.
// - A calendar date (a birthdate, a due date, a date-only field) is not an instant and never moves
//   with a zone: formatCalendarDate.
//
// Locale-aware (the i18n language), built on Intl.DateTimeFormat with cached formatters. Nothing here
// reads the clock: every function formats the value it is given.

export type DateTimeStyle =
  /** Dec 1, 2026 */
  | 'date'
  /** December 1, 2026 */
  | 'dateLong'
  /** Dec 1 */
  | 'dayMonth'
  /** December 2026 */
  | 'monthYear'
  /** Tue */
  | 'weekday'
  /** Nov 03, the slot grid's day (spec 2 §2 'MMM DD') */
  | 'dayMonthTwoDigit'
  /** Tue, Dec 1 */
  | 'weekdayDayMonth'
  /** Tue, Dec 1, 2026 */
  | 'weekdayDate'
  /** Tuesday, December 1 */
  | 'weekdayLongDayMonth'
  /** 10:00 AM */
  | 'time'
  /** Dec 1, 2026, 10:00 AM */
  | 'dateTime'
  /** Tue, Dec 1, 10:00 AM */
  | 'weekdayTime'
  /** Tue, Dec 1, 2026, 10:00 AM */
  | 'weekdayDateTime'
  /** Tuesday, December 1 at 10:00 AM */
  | 'dayTime'
  /** Tuesday, December 1, 2026 at 10:00 AM */
  | 'full';

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

const STYLES: Record<DateTimeStyle, Intl.DateTimeFormatOptions> = {
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  dateLong: { year: 'numeric', month: 'long', day: 'numeric' },
  dayMonth: { month: 'short', day: 'numeric' },
  monthYear: { year: 'numeric', month: 'long' },
  weekday: { weekday: 'short' },
  dayMonthTwoDigit: { month: 'short', day: '2-digit' },
  weekdayDayMonth: { weekday: 'short', month: 'short', day: 'numeric' },
  weekdayDate: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' },
  weekdayLongDayMonth: { weekday: 'long', month: 'long', day: 'numeric' },
  time: TIME,
  dateTime: { year: 'numeric', month: 'short', day: 'numeric', ...TIME },
  weekdayTime: { weekday: 'short', month: 'short', day: 'numeric', ...TIME },
  weekdayDateTime: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', ...TIME },
  dayTime: { weekday: 'long', month: 'long', day: 'numeric', ...TIME },
  full: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', ...TIME },
};

function hasTime(style: DateTimeStyle): boolean {
  return STYLES[style].hour !== undefined;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(language, options);
    formatters.set(key, found);
  }
  return found;
}

let browserZone: string | null = null;

/** The viewer's zone: the browser's (the zone of the person's own clock). */
export function viewerTimeZone(): string {
  browserZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return browserZone;
}

export type TimeValue = string | number | Date;

function toDate(value: TimeValue): Date {
  return value instanceof Date ? value : new Date(value);
}

function isValid(date: Date): boolean {
  return Number.isFinite(date.getTime());
}

/**
 * Minutes east of UTC of a zone at an instant, read from the zone's wall clock (year to second).
 * Not from a "GMT-05:00" zone name: asking for zone names loads the browser's whole table of zone
 * names, the slowest step of the patient home's first render (issue 18).
 */
function offsetMinutes(zone: string, date: Date): number {
  const parts = formatter('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(date);
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wallClockAsUtc = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  const instant = Math.floor(date.getTime() / 1000) * 1000;
  return Math.round((wallClockAsUtc - instant) / 60_000);
}

/**
 * The zone's short name at that instant, as US clinics write it ("EST", "EDT", "CST"). Spanish ICU
 * data writes "GMT-5" for US zones; the US Spanish locale writes "EST", what a Spanish-speaking
 * patient reads on every US sign and letter, so the short name comes from the language's US variant.
 */
export function zoneAbbreviation(zone: string, at: TimeValue, language: string): string {
  const date = toDate(at);
  const base = language.split('-')[0] ?? 'en';
  const parts = formatter(`${base}-US`, { timeZone: zone, timeZoneName: 'short' }).formatToParts(date);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** The zone's generic long name ("Eastern Time", "hora oriental"), for a heading. */
export function zoneLongName(zone: string, at: TimeValue, language: string): string {
  const parts = formatter(language, { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(
    toDate(at),
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** "Eastern Time (EST)": how a place's zone is named in a heading such as the slot picker's. */
export function zoneHeading(zone: string, at: TimeValue, language: string): string {
  const long = zoneLongName(zone, at, language);
  const short = zoneAbbreviation(zone, at, language);
  return long && long !== short ? `${long} (${short})` : short;
}

/** Whether the zone's clock reads differently from the viewer's at that instant. */
export function differsFromViewer(zone: string, at: TimeValue, viewerZone = viewerTimeZone()): boolean {
  const date = toDate(at);
  if (!isValid(date)) {
    return false;
  }
  return zone !== viewerZone && offsetMinutes(zone, date) !== offsetMinutes(viewerZone, date);
}

/**
 * The short name to print after a time of `zone`, or '' when the viewer's clock reads the same then
 * (so a layout that shows the zone apart from the time can use it).
 */
export function zoneSuffix(
  zone: string,
  at: TimeValue,
  language: string,
  viewerZone = viewerTimeZone(),
): string {
  return differsFromViewer(zone, at, viewerZone) ? zoneAbbreviation(zone, at, language) : '';
}

export interface FormatOptions {
  /** The i18n language ('en', 'es'). */
  language: string;
  style?: DateTimeStyle;
  /** The viewer's zone; the browser's unless given (tests). */
  viewerZone?: string;
}

/**
 * ICU puts a narrow no-break space before AM/PM; V8's format() writes a plain space there but its
 * formatToParts() does not. Every text gets the plain space, so the same time reads the same
 * wherever it is formatted (and in tests).
 */
function plainSpaces(text: string): string {
  return text.replace(/\u202f/g, ' ');
}

function format(date: Date, zone: string, language: string, style: DateTimeStyle, named: boolean): string {
  const options = STYLES[style];
  if (!named) {
    return plainSpaces(formatter(language, { ...options, timeZone: zone }).format(date));
  }
  // Formatting with the zone's name puts it where the language puts it; the name itself is the
  // abbreviation (zoneAbbreviation), not the language's "GMT-5".
  const parts = formatter(language, { ...options, timeZone: zone, timeZoneName: 'short' }).formatToParts(
    date,
  );
  const abbreviation = zoneAbbreviation(zone, date, language);
  return plainSpaces(
    parts.map((part) => (part.type === 'timeZoneName' ? abbreviation : part.value)).join(''),
  );
}

/** A stored instant (upload, message, reading, payment) in the viewer's zone. '' when not a time. */
export function formatInstant(
  value: TimeValue,
  { language, style = 'dateTime', viewerZone }: FormatOptions,
): string {
  const date = toDate(value);
  if (!isValid(date)) {
    return '';
  }
  return format(date, viewerZone ?? viewerTimeZone(), language, style, false);
}

/**
 * A time that belongs to a place (a visit, a slot) in that place's zone, followed by the zone's short
 * name when the viewer's clock reads differently then ("9:30 AM EST"). `zoneName: 'always'` names the
 * zone even when it is the viewer's (a screen about one place's times); 'never' leaves the name to
 * the layout (zoneSuffix beside the time).
 */
export function formatZoned(
  value: TimeValue,
  zone: string,
  {
    language,
    style = 'dateTime',
    viewerZone,
    zoneName = 'auto',
  }: FormatOptions & { zoneName?: 'auto' | 'always' | 'never' },
): string {
  const date = toDate(value);
  if (!isValid(date)) {
    return '';
  }
  const named =
    hasTime(style) &&
    zoneName !== 'never' &&
    (zoneName === 'always' || differsFromViewer(zone, date, viewerZone ?? viewerTimeZone()));
  return format(date, zone, language, style, named);
}

const OFFSET = /(?:([+-])(\d{2}):?(\d{2})|Z)$/i;

/** "UTC-5", "UTC+5:30": a fixed offset, named when no zone is known. */
function offsetName(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * An ISO time with its place's offset (spec 2 §9 iso8601offset: a slot's "2026-12-01T09:00:00-05:00")
 * at that offset, whatever zone the viewer is in. `zone` (or the first of `zones`, e.g. the clinic's
 * departments) whose clock matches the offset names it ("9:00 AM EST") when the viewer's clock does
 * not; without a matching zone the offset itself is named ("UTC-5").
 */
export function formatAtOffset(
  iso: string,
  {
    language,
    style = 'dateTime',
    viewerZone,
    zone,
    zones = [],
  }: FormatOptions & { zone?: string | null; zones?: readonly string[] },
): string {
  const date = new Date(iso);
  const match = OFFSET.exec(iso.trim());
  if (!isValid(date) || !match) {
    return formatInstant(iso, { language, style, viewerZone });
  }
  const minutes = match[1] ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  const matching = [zone, ...zones].find(
    (candidate): candidate is string => !!candidate && offsetMinutes(candidate, date) === minutes,
  );
  if (matching) {
    return formatZoned(date, matching, { language, style, viewerZone });
  }
  const viewer = viewerZone ?? viewerTimeZone();
  if (offsetMinutes(viewer, date) === minutes) {
    return format(date, viewer, language, style, false);
  }
  // The wall time at that offset: the instant moved by the offset, read in UTC.
  const shifted = new Date(date.getTime() + minutes * 60_000);
  const text = format(shifted, 'UTC', language, style, false);
  return hasTime(style) ? `${text} ${offsetName(minutes)}` : text;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A calendar date ('1980-04-12', a birthdate, a due date) as people read it. It is not an instant,
 * so it never shifts with a zone. Returns the value unchanged when it is not a date.
 */
export function formatCalendarDate(value: string, language: string, style: DateTimeStyle = 'date'): string {
  const match = CALENDAR_DATE.exec(value.trim());
  if (!match) {
    return value;
  }
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return formatter(language, { ...STYLES[style], timeZone: 'UTC' }).format(date);
}

/** The calendar date (YYYY-MM-DD) an instant falls on in a zone. */
export function calendarDateIn(value: TimeValue, zone: string): string {
  const parts = formatter('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(toDate(value));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Month names of the language ('January' …), for a date field's month choice. */
export function monthNames(language: string): string[] {
  const month = formatter(language, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => month.format(new Date(Date.UTC(2000, index, 1))));
}
