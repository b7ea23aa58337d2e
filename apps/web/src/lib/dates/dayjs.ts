import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

// Clinics span several US time zones (issue 2 demo data). dayjs with these plugins does the
// calendar arithmetic (which day an instant falls on in a zone, windows of days); what a person
// reads is written by format-time.ts, the one formatter (decision 0053).
dayjs.extend(utc);
dayjs.extend(timezone);

export { dayjs };
