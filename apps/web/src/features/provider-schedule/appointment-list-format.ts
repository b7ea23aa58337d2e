// How /provider/appointments writes dates (decision 0039): each appointment in its own time zone
// (spec 3 §2 "date and time in the appointment's timezone"), in the reader's language.

/** "Tue, Nov 24, 2026" for a calendar date (YYYY-MM-DD), whatever zone the browser is in. */
export function formatDay(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** The date and the time (with the zone's short name) of an instant, read in `zone`. */
export function appointmentDateTime(
  iso: string,
  zone: string,
  language: string,
): { date: string; time: string } {
  const instant = new Date(iso);
  return {
    date: new Intl.DateTimeFormat(language, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: zone,
    }).format(instant),
    time: new Intl.DateTimeFormat(language, {
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: zone,
    }).format(instant),
  };
}

/** Pages of the list (at least one, so "Page 1 of 1" reads right when the list is empty). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
