import { describe, expect, it } from 'vitest';
import { SIGN_UP_MESSAGES } from '@app/contracts/sign-up-texts';
import { signUpEn } from './i18n/en.ts';
import { signUpOriginOf, signUpRedirect } from './sign-up-redirect.ts';

const clinicUuid = '3f6c1c7e-2a55-4a53-9d3b-6a0f3b1d2e11';
const booking = `?clinicUuid=${clinicUuid}&consultationTypeId=1&departmentId=2&doctorId=3&finishAt=2026-12-01T10:30&startAt=2026-12-01T10:00&appointmentComment=Checkup`;

describe('sign-up redirect (spec 1 §2, decision 0010)', () => {
  it('goes to the default route of the role without a hint', () => {
    expect(signUpRedirect({ variant: 'care-plan', hint: null, search: '' })).toBe('/user/appointment');
  });

  it('follows the hints', () => {
    expect(signUpRedirect({ variant: 'care-plan', hint: 'scheduleAppointment', search: booking })).toBe(
      `/user/appointment/create${booking}`,
    );
    expect(signUpRedirect({ variant: 'care-plan', hint: 'addingProvider', search: '' })).toBe(
      '/user/provider/connect',
    );
  });

  it("carries a clinic's invitation code to the connect screen (decision 0035)", () => {
    expect(
      signUpRedirect({
        variant: 'care-plan',
        hint: 'addingProvider',
        search: `?clinicUuid=${clinicUuid}&code=hcm7-4qpd`,
      }),
    ).toBe('/user/provider/connect?code=HCM74QPD');
    // A code that cannot be one is dropped, and the screen opens empty.
    for (const search of [`?clinicUuid=${clinicUuid}&code=nope`, `?clinicUuid=${clinicUuid}&code=`]) {
      expect(signUpRedirect({ variant: 'care-plan', hint: 'addingProvider', search })).toBe(
        '/user/provider/connect',
      );
    }
  });

  it('continues to an invitation link a guest opened before signing up, and to nothing else', () => {
    const invitation = '/user/provider/connect?code=HCM74QPD';
    expect(signUpRedirect({ variant: 'care-plan', hint: null, search: '', urlAfterLogin: invitation })).toBe(
      invitation,
    );
    for (const urlAfterLogin of [
      '/user/documents',
      '/user/provider/connect?code=x',
      '/user/provider/connectx?code=HCM74QPD',
      null,
    ]) {
      expect(signUpRedirect({ variant: 'care-plan', hint: null, search: '', urlAfterLogin })).toBe(
        '/user/appointment',
      );
    }
  });

  it('always ends at /user/unitedmd-schedule in the UnitedMD app (decision 0037)', () => {
    for (const hint of [null, 'scheduleAppointment', 'addingProvider'] as const) {
      expect(signUpRedirect({ variant: 'unitedmd', hint, search: booking })).toBe('/user/unitedmd-schedule');
      expect(signUpRedirect({ variant: 'unitedmd', hint, search: '' })).toBe('/user/unitedmd-schedule');
    }
  });

  it('follows the hints in the other apps with sign-up, whatever their name', () => {
    for (const variant of ['care-plan', 'quick-link', 'check-in'] as const) {
      expect(signUpRedirect({ variant, hint: null, search: '' })).toBe('/user/appointment');
      expect(signUpRedirect({ variant, hint: 'addingProvider', search: '' })).toBe('/user/provider/connect');
    }
  });

  it('reads the origin from the sign-up URL', () => {
    expect(signUpOriginOf('')).toBeUndefined();
    expect(signUpOriginOf('?clinicUuid=nope')).toBeUndefined();
    expect(signUpOriginOf(`?clinicUuid=${clinicUuid}`)).toEqual({ clinicUuid, appointment: false });
    expect(signUpOriginOf(booking)).toEqual({ clinicUuid, appointment: true });
    expect(signUpOriginOf(booking.replace('&startAt=2026-12-01T10:00', ''))).toEqual({
      clinicUuid,
      appointment: false,
    });
  });

  it('shows the contract texts verbatim in English', () => {
    for (const [key, text] of Object.entries(SIGN_UP_MESSAGES)) {
      const shown = signUpEn[`signUp.error.${key}` as keyof typeof signUpEn].replace(/<\/?0>/g, '');
      expect(shown).toBe(text);
    }
  });
});
