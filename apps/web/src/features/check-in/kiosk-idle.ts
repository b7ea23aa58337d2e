import { currentRole } from '../../lib/auth/session-store.ts';
import { readItem, removeItem } from '../../lib/storage/browser-storage.ts';
import { SESSION_KEYS } from '../../lib/storage/storage-keys.ts';

// spec 2 §4 "Idle time-out" for the kiosk. Kept free of the check-in feature's other code: the
// signed-in layout imports it, and every provider screen loads that layout.

/** The kiosk's patient search: where an idle kiosk goes back to (spec 2 §2). */
export const KIOSK_IDLE_LANDING = '/provider/patient/search';

/** Self check-in mode: the kiosk runs a patient's check-in under the provider's session. */
export function isKioskMode(): boolean {
  return readItem('session', SESSION_KEYS.appMode) === 'selfCheckIn' && currentRole() === 'provider';
}

/**
 * The kiosk's idle time-out: instead of logging the provider out, the patient's check-in is left and
 * the kiosk goes back to the patient search. In self check-in mode outside the check-in app (the
 * 'check-in' variant, which logs out by itself), the 'session_expired' event of the open check-in is
 * sent first. Returns the path to go to, or null when this is not a kiosk (the normal logout applies).
 */
export async function kioskIdleTimeout(variant: string): Promise<string | null> {
  if (!isKioskMode()) {
    return null;
  }
  const appointmentId = readItem('session', SESSION_KEYS.appointmentId);
  if (variant !== 'check-in' && appointmentId) {
    const { recordCheckInStatistic } = await import('./api/record-check-in-statistic.ts');
    await recordCheckInStatistic(appointmentId, 'session_expired');
  }
  // The next patient starts clean; the kiosk stays a kiosk.
  for (const key of [
    SESSION_KEYS.appFlow,
    SESSION_KEYS.appointmentId,
    SESSION_KEYS.checkInAppointment,
    SESSION_KEYS.task,
    SESSION_KEYS.taskListCheckInFlow,
    SESSION_KEYS.onFlyClinicUuid,
  ]) {
    removeItem('session', key);
  }
  return KIOSK_IDLE_LANDING;
}
