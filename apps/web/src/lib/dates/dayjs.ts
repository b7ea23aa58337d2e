import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

// Clinics span several US time zones (issue 2 demo data); every date shown to a person is converted
// from UTC into the zone of the clinic or the viewer with these plugins.
dayjs.extend(utc);
dayjs.extend(timezone);

export { dayjs };

/** Formats a UTC instant in a named IANA zone, e.g. the clinic's 'America/Chicago'. */
export function formatInZone(instant: string | Date, zone: string, pattern = 'YYYY-MM-DD HH:mm'): string {
  return dayjs.utc(instant).tz(zone).format(pattern);
}

/** The viewer's own zone, for when no clinic zone applies. */
export function guessZone(): string {
  return dayjs.tz.guess();
}

const OFFSET = /(?:([+-])(\d{2}):?(\d{2})|Z)$/i;

/**
 * Formats an iso8601offset time (spec 2 §9) at its own offset: a slot of a New York department reads
 * 9:00 AM wherever the viewer or the clinic's first department is.
 */
export function formatAtOwnOffset(iso: string, pattern: string): string {
  const match = OFFSET.exec(iso.trim());
  if (!match) {
    return dayjs(iso).format(pattern);
  }
  const minutes = match[1] ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return dayjs(iso).utcOffset(minutes).format(pattern);
}
