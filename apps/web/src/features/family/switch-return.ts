import { DEFAULT_ROUTES } from '../../lib/auth/default-routes.ts';

// Issue 16 (decision 0036): /user/switch-patient?returnTo=… — where a family switch lands. The
// check-in app's confirm-patient sends its own address, so the family member it switched to is
// confirmed next; without one the switch lands on the default user route (spec 3 §2).

const SWITCH_PATIENT_PATH = '/user/switch-patient';

/**
 * The landing after a switch: `returnTo` when it is a page of the patient area of this app (a path,
 * never another origin or scheme, and not the switch screen itself), else the default user route.
 */
export function switchLanding(returnTo: string | null): string {
  if (
    !returnTo ||
    !returnTo.startsWith('/user/') ||
    /[\\\s]|\.\./.test(returnTo) ||
    returnTo.split(/[?#]/)[0] === SWITCH_PATIENT_PATH
  ) {
    return DEFAULT_ROUTES.user;
  }
  return returnTo;
}
