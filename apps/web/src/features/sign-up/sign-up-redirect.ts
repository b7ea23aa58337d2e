import type { SignUpRedirectHint } from '@app/contracts/sign-up';
import type { AppVariant } from '@app/contracts/variants';
import {
  CLINIC_CONNECT_PATH,
  INVITATION_CODE_PARAM,
  invitationCodeOfSearch,
} from '@app/contracts/clinic-invitation-code';
import { DEFAULT_ROUTES } from '../../lib/auth/default-routes.ts';
import { isUnitedMdApp } from '../../lib/variant/variant-traits.ts';

// spec 1 §2 (after sign-up) and docs/decisions/0010-sign-up.md (where the hints come from).

/** The seven booking parameters of the post-login redirect order, rule 2 (spec 1 §2). */
const BOOKING_PARAMS = [
  'clinicUuid',
  'consultationTypeId',
  'departmentId',
  'doctorId',
  'finishAt',
  'startAt',
  'appointmentComment',
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the sign-up URL tells the server about where the person came from. */
export function signUpOriginOf(search: string): { clinicUuid: string; appointment: boolean } | undefined {
  const params = new URLSearchParams(search);
  const clinicUuid = params.get('clinicUuid');
  if (!clinicUuid || !UUID.test(clinicUuid)) {
    return undefined;
  }
  return { clinicUuid, appointment: BOOKING_PARAMS.every((name) => params.get(name)) };
}

/** spec 1 §2: where the UnitedMD app's sign-up always ends (decision 0037). */
export const UNITED_MD_SCHEDULE_PATH = '/user/unitedmd-schedule';

/**
 * spec 1 §2: the role's default route unless the server returns a hint; scheduleAppointment ->
 * /user/appointment/create (the booking parameters kept), addingProvider -> /user/provider/connect; the
 * UnitedMD app (the `unitedmd` variant, decision 0037) always /user/unitedmd-schedule.
 */
export function signUpRedirect(input: {
  variant: AppVariant;
  hint: SignUpRedirectHint | null;
  search: string;
  /** Where a guest was going before they chose to sign up (spec 1 §2 urlAfterLogin). */
  urlAfterLogin?: string | null;
}): string {
  if (isUnitedMdApp(input.variant)) {
    return UNITED_MD_SCHEDULE_PATH;
  }
  // Decision 0035: a clinic's sign-up link may carry its invitation code; the connect screen opens with it.
  const code = invitationCodeOfSearch(input.search);
  switch (input.hint) {
    case 'scheduleAppointment':
      return `/user/appointment/create${input.search}`;
    case 'addingProvider':
      return code ? `${CLINIC_CONNECT_PATH}?${INVITATION_CODE_PARAM}=${code}` : CLINIC_CONNECT_PATH;
    case null:
      // Decision 0035: a new patient who opened a clinic's invitation link, was sent to log in and signed
      // up instead still gets to that invitation.
      return isInvitationLink(input.urlAfterLogin) ? input.urlAfterLogin : DEFAULT_ROUTES.user;
  }
}

function isInvitationLink(url: string | null | undefined): url is string {
  return (
    !!url &&
    url.startsWith(`${CLINIC_CONNECT_PATH}?`) &&
    invitationCodeOfSearch(url.slice(url.indexOf('?'))) !== null
  );
}
