// A unit test's patient session for the account-settings screens.

/** A patient's session that never expires during the test, whatever the hour. */
export const PATIENT_SESSION = {
  accessToken: 'token',
  refreshToken: 'refresh',
  expiresAt: Date.UTC(2100, 0, 1),
  user: {
    id: 'me',
    memberId: 'me',
    memberType: 'patient' as const,
    role: 'user' as const,
    isResetPasswordRequired: false,
    isSecurityQuestionEmpty: false,
  },
};
