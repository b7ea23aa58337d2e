// The audit filter's dates are days as the admin reads them: from the start of the first day to the
// end of the last, in the viewer's zone (the times the table shows), sent to the API as instants.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function localDay(day: string, end: boolean): string | undefined {
  const match = DAY.exec(day);
  if (!match) {
    return undefined;
  }
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  // A calendar day's edges in the viewer's zone; no clock is read.
  const at = end
    ? new Date(year, month - 1, date, 23, 59, 59, 999)
    : new Date(year, month - 1, date, 0, 0, 0, 0);
  return Number.isFinite(at.getTime()) ? at.toISOString() : undefined;
}

export function dayRangeToInstants(from: string, to: string): { from?: string; to?: string } {
  const start = localDay(from, false);
  const end = localDay(to, true);
  return { ...(start ? { from: start } : {}), ...(end ? { to: end } : {}) };
}
