import { describe, expect, it } from 'vitest';
import {
  decideAreaAccess,
  decideProviderVideoCallAccess,
  loginAfterSessionLost,
  rootRedirect,
} from './area-access.ts';

describe('decideAreaAccess (spec 1 §2)', () => {
  it('admits each role to its own area', () => {
    expect(decideAreaAccess('guest', 'guest', '/guest/login')).toEqual({ kind: 'allow' });
    expect(decideAreaAccess('user', 'user', '/user/family')).toEqual({ kind: 'allow' });
    expect(decideAreaAccess('provider', 'provider', '/provider/message')).toEqual({ kind: 'allow' });
  });

  it("sends a person in the wrong area to their role's default route", () => {
    expect(decideAreaAccess('provider', 'user', '/provider/appointment')).toEqual({
      kind: 'redirect',
      to: '/user/appointment',
    });
    expect(decideAreaAccess('user', 'provider', '/user/family')).toEqual({
      kind: 'redirect',
      to: '/provider/appointment',
    });
    expect(decideAreaAccess('guest', 'user', '/guest/login')).toEqual({
      kind: 'redirect',
      to: '/user/appointment',
    });
    expect(decideAreaAccess('guest', 'provider', '/guest/landing')).toEqual({
      kind: 'redirect',
      to: '/provider/appointment',
    });
  });

  it('sends a guest to log in and keeps the wanted URL', () => {
    expect(decideAreaAccess('user', 'guest', '/user/documents?x=1')).toEqual({
      kind: 'redirect',
      to: '/guest/login',
      urlAfterLogin: '/user/documents?x=1',
    });
  });

  it('sends a guest on a provider screen to the provider login with redirectTo', () => {
    expect(decideAreaAccess('provider', 'guest', '/provider/appointment')).toEqual({
      kind: 'redirect',
      to: '/guest/provider-login?redirectTo=%2Fprovider%2Fappointment',
      urlAfterLogin: '/provider/appointment',
    });
  });
});

describe('rootRedirect', () => {
  it('maps the empty path per role', () => {
    expect(rootRedirect('guest')).toBe('/guest/landing');
    expect(rootRedirect('user')).toBe('/user/appointment');
    expect(rootRedirect('provider')).toBe('/provider/appointment');
  });
});

describe('loginAfterSessionLost (spec 2 §6, §8: provider token missing -> provider login)', () => {
  it('sends a provider screen to the provider login with redirectTo', () => {
    expect(loginAfterSessionLost('/provider/patient/abc/appointments?x=1')).toEqual({
      to: '/guest/provider-login?redirectTo=%2Fprovider%2Fpatient%2Fabc%2Fappointments%3Fx%3D1',
      urlAfterLogin: '/provider/patient/abc/appointments?x=1',
    });
  });

  it('sends any other screen to the patient login', () => {
    expect(loginAfterSessionLost('/user/appointment')).toEqual({
      to: '/guest/login',
      urlAfterLogin: '/user/appointment',
    });
  });
});

describe('provider video-call room (issue 7, decision 0030)', () => {
  const room = '/provider/video-call/a1';

  it('opens for anyone holding an invitation uuid, even without a login', () => {
    expect(decideProviderVideoCallAccess('guest', `${room}?uuid=5f0c`)).toEqual({ kind: 'allow' });
    expect(decideProviderVideoCallAccess('user', `${room}?uuid=5f0c`)).toEqual({ kind: 'allow' });
  });

  it('is a provider screen without the uuid', () => {
    expect(decideProviderVideoCallAccess('provider', room)).toEqual({ kind: 'allow' });
    expect(decideProviderVideoCallAccess('guest', room)).toEqual({
      kind: 'redirect',
      to: `/guest/provider-login?redirectTo=${encodeURIComponent(room)}`,
      urlAfterLogin: room,
    });
    expect(decideProviderVideoCallAccess('user', `${room}?uuid=`).kind).toBe('redirect');
  });
});
