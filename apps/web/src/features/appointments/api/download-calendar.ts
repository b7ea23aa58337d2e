import { GENERIC_ERROR_TEXT } from '@app/contracts/errors';
import { freshAccessToken } from '../../../lib/auth/token-refresh.ts';
import { APPOINTMENTS_PATH } from './get-appointment.ts';

export function calendarPath(id: string): string {
  return `${APPOINTMENTS_PATH}/${encodeURIComponent(id)}/calendar.ics`;
}

/**
 * Add to calendar: GET the appointment's .ics with the bearer token (a plain link cannot send it),
 * then hand the file to the browser as a download.
 */
export async function downloadCalendar(id: string): Promise<void> {
  const token = await freshAccessToken();
  const response = await fetch(calendarPath(id), {
    headers: token
      ? { authorization: `Bearer ${token}`, accept: 'text/calendar' }
      : { accept: 'text/calendar' },
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const message =
      typeof body === 'object' &&
      body !== null &&
      typeof (body as Record<string, unknown>).message === 'string'
        ? ((body as Record<string, unknown>).message as string)
        : GENERIC_ERROR_TEXT;
    throw new Error(message);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `appointment-${id}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1000);
}
