import { beforeEach, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@app/contracts/auth';
import { clearAppStorage } from './clear-app-storage.ts';
import {
  endFamilySwitch,
  endPatientSwitch,
  isSwitchedToFamilyMember,
  isSwitchedToPatient,
  setAsideFamilyPrimary,
  setAsideProvider,
  startFamilySwitch,
  startPatientSwitch,
} from './patient-switch.ts';
import { forgetCachedSession, getSession, setSession, type AuthSession } from './session-store.ts';

const provider: AuthSession = {
  accessToken: 'provider-access',
  refreshToken: 'provider-refresh',
  expiresAt: Date.now() + 600_000,
  user: {
    id: 'doctor-1',
    memberId: 'd1',
    memberType: 'doctor',
    role: 'provider',
    isResetPasswordRequired: false,
    isSecurityQuestionEmpty: false,
  },
};

const patientTokens: TokenResponse = {
  access_token: 'patient-access',
  token_type: 'Bearer',
  expires_in: 300,
  refresh_token: 'patient-refresh',
  user: {
    id: 'patient-1',
    memberId: 'p1',
    memberType: 'patient',
    role: 'user',
    isResetPasswordRequired: false,
    isSecurityQuestionEmpty: true,
    switchedBy: 'doctor-1',
  },
};

describe('provider-to-patient switch in the browser (spec 2 §4)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    forgetCachedSession();
    setSession(provider);
    localStorage.setItem('id', 'doctor-1');
    localStorage.setItem('memberType', 'doctor');
    localStorage.setItem('providerPermissions', JSON.stringify(['PATIENT', 'APPOINTMENTS']));
  });

  it("sets the provider's session aside and makes the patient's current, processed as a login", () => {
    expect(startPatientSwitch(patientTokens, '/provider/patient-create', 1_000)).toBe(true);
    expect(getSession()).toEqual({
      accessToken: 'patient-access',
      refreshToken: 'patient-refresh',
      expiresAt: 1_000 + 300_000,
      user: patientTokens.user,
    });
    expect(localStorage.getItem('id')).toBe('patient-1');
    expect(localStorage.getItem('memberType')).toBe('patient');
    expect(setAsideProvider()).toEqual({
      kind: 'provider',
      session: provider,
      permissions: ['PATIENT', 'APPOINTMENTS'],
      returnTo: '/provider/patient-create',
    });
    expect(isSwitchedToPatient()).toBe(true);
  });

  it('restores the provider identity and permissions and removes the patient', () => {
    startPatientSwitch(patientTokens, '/provider/patient/patient-1/appointments');
    localStorage.removeItem('providerPermissions');
    expect(endPatientSwitch()).toBe('/provider/patient/patient-1/appointments');
    expect(getSession()).toEqual(provider);
    expect(localStorage.getItem('id')).toBe('doctor-1');
    expect(localStorage.getItem('memberType')).toBe('doctor');
    expect(JSON.parse(localStorage.getItem('providerPermissions') ?? 'null')).toEqual([
      'PATIENT',
      'APPOINTMENTS',
    ]);
    expect(setAsideProvider()).toBeNull();
    expect(isSwitchedToPatient()).toBe(false);
    // Once restored there is nothing left to restore.
    expect(endPatientSwitch()).toBeNull();
    expect(getSession()).toEqual(provider);
  });

  it('does not switch from a patient session, nor into a provider session', () => {
    setSession({ ...provider, user: { ...provider.user, role: 'user', memberType: 'patient' } });
    expect(startPatientSwitch(patientTokens, '/provider/x')).toBe(false);
    expect(setAsideProvider()).toBeNull();

    setSession(provider);
    const doctorTokens: TokenResponse = { ...patientTokens, user: { ...provider.user } };
    expect(startPatientSwitch(doctorTokens, '/provider/x')).toBe(false);
    expect(getSession()).toEqual(provider);
  });

  it('returns only to a provider page', () => {
    startPatientSwitch(patientTokens, '/user/somewhere');
    expect(setAsideProvider()?.returnTo).toBe('/provider/appointment');
  });

  it('ignores a damaged set-aside value', () => {
    startPatientSwitch(patientTokens, '/provider/patient-create');
    sessionStorage.setItem('providerSession', JSON.stringify({ session: { accessToken: '' } }));
    expect(isSwitchedToPatient()).toBe(false);
    expect(endPatientSwitch()).toBeNull();
  });

  it('a full logout forgets the set-aside provider too', () => {
    startPatientSwitch(patientTokens, '/provider/patient-create');
    clearAppStorage();
    expect(getSession()).toBeNull();
    expect(setAsideProvider()).toBeNull();
  });
});

describe('family switch in the browser (spec 3 §4, decision 0027)', () => {
  const primary: AuthSession = {
    accessToken: 'primary-access',
    refreshToken: 'primary-refresh',
    expiresAt: Date.now() + 600_000,
    user: {
      id: 'primary-1',
      memberId: 'm1',
      memberType: 'patient',
      role: 'user',
      isResetPasswordRequired: false,
      isSecurityQuestionEmpty: false,
    },
  };
  const memberTokens: TokenResponse = {
    ...patientTokens,
    access_token: 'member-access',
    user: { ...patientTokens.user, id: 'member-1', switchedBy: undefined, familyPrimaryUserId: 'primary-1' },
  };
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    forgetCachedSession();
    setSession(primary);
  });

  it('sets the primary user aside, makes the member current, and switching back restores the primary', () => {
    expect(startFamilySwitch(memberTokens, '/user/family')).toBe(true);
    expect(getSession()?.user.id).toBe('member-1');
    expect(localStorage.getItem('id')).toBe('member-1');
    expect(isSwitchedToFamilyMember()).toBe(true);
    // A family switch is not a provider acting as a patient.
    expect(isSwitchedToPatient()).toBe(false);
    expect(setAsideProvider()).toBeNull();
    expect(endPatientSwitch()).toBeNull();
    expect(endFamilySwitch()).toBe('/user/family');
    expect(getSession()).toEqual(primary);
    expect(localStorage.getItem('id')).toBe('primary-1');
    expect(setAsideFamilyPrimary()).toBeNull();
    expect(endFamilySwitch()).toBeNull();
  });

  it("refuses a member of somebody else, a switch inside a switch and a provider's session", () => {
    expect(
      startFamilySwitch(
        { ...memberTokens, user: { ...memberTokens.user, familyPrimaryUserId: 'x' } },
        '/user/family',
      ),
    ).toBe(false);
    expect(getSession()).toEqual(primary);
    expect(startFamilySwitch(memberTokens, '/user/family')).toBe(true);
    expect(startFamilySwitch(memberTokens, '/user/family')).toBe(false);
    endFamilySwitch();
    setSession(provider);
    expect(startFamilySwitch(memberTokens, '/user/family')).toBe(false);
    expect(getSession()).toEqual(provider);
  });
});
