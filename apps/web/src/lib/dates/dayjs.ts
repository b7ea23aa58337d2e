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
