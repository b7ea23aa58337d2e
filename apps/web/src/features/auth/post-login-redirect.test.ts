import { describe, expect, it } from 'vitest';
import type { LoginResult } from '@app/contracts/auth';
import { postLoginRedirect, type PostLoginInput } from './post-login-redirect.ts';

const patient: LoginResult = {
  id: 'u-42',
  memberId: 'm-1',
  memberType: 'patient',
  role: 'user',
  isResetPasswordRequired: false,
  isSecurityQuestionEmpty: false,
};
const doctor: LoginResult = { ...patient, id: 'd-7', memberType: 'doctor', role: 'provider' };

const booking = new URLSearchParams({
  clinicUuid: 'c1',
  consultationTypeId: 'ct1',
  departmentId: 'd1',
  doctorId: 'p1',
  finishAt: '2026-12-01 09:30:00',
  startAt: '2026-12-01 09:00:00',
  appointmentComment: 'Knee pain',
});

function redirect(overrides: Partial<PostLoginInput>): string {
  return postLoginRedirect({
    user: patient,
    variant: 'care-plan',
    search: '',
    urlAfterLogin: null,
    hasOutstandingBalance: false,
    ...overrides,
  });
}

describe('postLoginRedirect (spec 1 §2)', () => {
  it('rule 1: reset required or empty security question -> security, keeping the query', () => {
    expect(redirect({ user: { ...patient, isResetPasswordRequired: true }, search: '?a=1' })).toBe(
      '/user/security?a=1',
    );
    expect(redirect({ user: { ...doctor, isSecurityQuestionEmpty: true } })).toBe('/provider/security');
  });

  it('rule 1 does not apply in the check-in app', () => {
    expect(redirect({ user: { ...patient, isResetPasswordRequired: true }, variant: 'check-in' })).toBe(
      '/user/confirm-patient',
    );
  });

  it('rule 1 comes before the booking link', () => {
    expect(
      redirect({ user: { ...patient, isSecurityQuestionEmpty: true }, search: booking.toString() }),
    ).toMatch(/^\/user\/security\?clinicUuid=c1/);
  });

  it('rule 2: a complete booking link -> appointment with cameFrom, userId, the params, externalId, waitlist', () => {
    const search = new URLSearchParams(booking);
    search.set('externalId', 'ext-9');
    search.set('waitlist', 'true');
    const target = new URL(redirect({ search: search.toString() }), 'http://x');
    expect(target.pathname).toBe('/user/appointment');
    expect(target.searchParams.get('cameFrom')).toBe('login');
    expect(target.searchParams.get('userId')).toBe('u-42');
    for (const [name, value] of booking) {
      expect(target.searchParams.get(name)).toBe(value);
    }
    expect(target.searchParams.get('externalId')).toBe('ext-9');
    expect(target.searchParams.get('waitlist')).toBe('true');
  });

  it('rule 2 needs every booking param; waitlist stays optional', () => {
    const partial = new URLSearchParams(booking);
    partial.delete('appointmentComment');
    expect(redirect({ search: partial.toString() })).toBe('/user/appointment?cameFrom=login');
    const target = new URL(redirect({ search: booking.toString() }), 'http://x');
    expect(target.searchParams.has('waitlist')).toBe(false);
  });

  it('rule 3: the check-in app -> confirm-patient', () => {
    expect(redirect({ variant: 'check-in' })).toBe('/user/confirm-patient');
    expect(redirect({ variant: 'check-in', urlAfterLogin: '/user/family' })).toBe('/user/confirm-patient');
  });

  it('rule 4: a patient with an outstanding balance -> balance list', () => {
    expect(redirect({ hasOutstandingBalance: true, urlAfterLogin: '/user/family' })).toBe(
      '/user/outstanding-balance-list?cameFrom=login',
    );
  });

  it('rule 4 checks patients only', () => {
    expect(redirect({ user: doctor, hasOutstandingBalance: true })).toBe(
      '/provider/appointment?cameFrom=login',
    );
  });

  it("rule 5: urlAfterLogin inside the role's area -> there", () => {
    expect(redirect({ urlAfterLogin: '/user/documents?tab=2' })).toBe('/user/documents?tab=2');
    expect(redirect({ user: doctor, urlAfterLogin: '/provider/message' })).toBe('/provider/message');
  });

  it("rule 5 ignores a urlAfterLogin outside the role's area", () => {
    expect(redirect({ urlAfterLogin: '/provider/message' })).toBe('/user/appointment?cameFrom=login');
    expect(redirect({ urlAfterLogin: '/userx/evil' })).toBe('/user/appointment?cameFrom=login');
  });

  it("rule 6: otherwise the role's default route with cameFrom=login", () => {
    expect(redirect({})).toBe('/user/appointment?cameFrom=login');
    expect(redirect({ user: doctor })).toBe('/provider/appointment?cameFrom=login');
  });
});
