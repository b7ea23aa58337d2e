// Dates, times and numbers of the record PDF in the reader's language (decision 0090), through Intl
// (Node ships full ICU): es "28 de noviembre de 2026", "28 nov 2026, 9:05"; en "November 28, 2026",
// "Nov 28, 2026, 9:05 AM". Instants are shown in the clinic's time zone, named once in the header.

export interface RecordPdfFormat {
  /** An instant as date and time, for table cells. */
  dateTime: (iso: string) => string;
  /** An instant's calendar day in the zone, for table cells. */
  date: (iso: string) => string;
  /** An instant in full words with the zone's name, for the header. */
  longDateTime: (at: Date) => string;
  /** A calendar date without a time (a birth date): not moved by any zone. */
  calendarDate: (yyyyMmDd: string) => string;
  number: (value: number) => string;
}

/**
 * ICU puts narrow and thin no-break spaces in times ("9:05\u202fAM"); Helvetica's WinAnsi has
 * neither (pdfSafe would print "?"), so they become plain spaces.
 */
const plain = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ');

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function recordPdfFormat(locale: string, timeZone: string): RecordPdfFormat {
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const longDate = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone });
  const time = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
  const calendar = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  // No grouping, as the PDF printed numbers before: "1500" reads the same in both languages.
  const number = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 2 });
  const instant = (iso: string, format: Intl.DateTimeFormat) => {
    const at = new Date(iso);
    return iso && Number.isFinite(at.getTime()) ? plain(format.format(at)) : '';
  };
  return {
    dateTime: (iso) => instant(iso, dateTime),
    date: (iso) => instant(iso, date),
    longDateTime: (at) => plain(`${longDate.format(at)}, ${time.format(at)}`),
    calendarDate: (value) => {
      const match = CALENDAR_DATE.exec(value);
      if (!match) {
        return value;
      }
      const [, year, month, day] = match;
      return plain(calendar.format(new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))));
    },
    number: (value) => plain(number.format(value)),
  };
}
