import { beforeEach, describe, expect, it } from 'vitest';
import type { LoginResult } from '@app/contracts/auth';
import { appFlowAfterLogin, processLoginData } from './login-data.ts';

const user: LoginResult = {
  id: 'u1',
  memberId: 'm1',
  memberType: 'patient',
  role: 'user',
  isResetPasswordRequired: false,
  isSecurityQuestionEmpty: false,
};

describe('appFlowAfterLogin (spec 1 §4)', () => {
  it('resets default and keeps on-fly', () => {
    expect(appFlowAfterLogin('default', '/guest/login')).toBe('default');
    expect(appFlowAfterLogin('on-fly', '/guest/login')).toBe('on-fly');
  });

  it('keeps check-in only inside the questionnaire or task screens', () => {
    expect(appFlowAfterLogin('check-in', '/user/questionnaire/4')).toBe('check-in');
    expect(appFlowAfterLogin('check-in', '/user/task/2')).toBe('check-in');
    expect(appFlowAfterLogin('check-in', '/guest/login')).toBe('default');
  });
});

describe('processLoginData', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('stores id and memberType', () => {
    expect(processLoginData(user, { twoFactorPending: false, currentPath: '/guest/login' })).toBe(true);
    expect(localStorage.getItem('id')).toBe('u1');
    expect(localStorage.getItem('memberType')).toBe('patient');
    expect(localStorage.getItem('appFlow')).toBe('default');
  });

  it('processes nothing while a two-factor login is in progress', () => {
    expect(processLoginData(user, { twoFactorPending: true, currentPath: '/guest/login' })).toBe(false);
    expect(localStorage.getItem('id')).toBeNull();
  });
});
