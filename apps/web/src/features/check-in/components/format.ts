import { formatAtOwnOffset } from '../../../lib/dates/dayjs.ts';

/** An entry's start at its department's own offset (spec 2 §9 iso8601offset). */
export function formatEntryStart(startAt: string): string {
  return formatAtOwnOffset(startAt, 'dddd, MMMM D, YYYY h:mm A');
}
