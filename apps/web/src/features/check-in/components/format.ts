import { formatZoned } from '../../../lib/dates/format-time.ts';

/** An entry's start in its department's zone, named when it is not the viewer's ("… 10:00 AM EST"). */
export function formatEntryStart(startAt: string, zone: string, language: string): string {
  return formatZoned(startAt, zone, { language, style: 'full' });
}
