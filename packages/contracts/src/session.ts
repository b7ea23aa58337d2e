// spec 1 §9: idle settings, in seconds. The provider layout idles after 3600 s, the patient
// header-only layout after 1200 s, each with a 30 s time-out in which the user can stay.
// ARCHITECTURE/issue 2: the 'Are you still here?' dialog gives at least 20 seconds to answer.
export const IDLE_SETTINGS = {
  provider: { idleSeconds: 3600, timeoutSeconds: 30 },
  patient: { idleSeconds: 1200, timeoutSeconds: 30 },
  providerShort: { idleSeconds: 60, timeoutSeconds: 30, pingSeconds: 120 },
} as const;

/** spec 1 §1, §9: the check-in app and the selfCheckIn mode log out 1000 ms after start. */
export const CHECK_IN_AUTO_LOGOUT_MS = 1000;

/** spec 1 §7, §9: the global loader is forced off after this long. */
export const LOADER_FORCED_TIMEOUT_MS = 60_000;

/** Access tokens are short-lived; the web app refreshes this long before expiry. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const REFRESH_AHEAD_SECONDS = 60;

/** Two-factor codes (issue 2): 6 digits, live 10 minutes, single use, 5 wrong tries per challenge. */
export const TWO_FACTOR_CODE_TTL_SECONDS = 10 * 60;
export const TWO_FACTOR_MAX_ATTEMPTS = 5;

/**
 * Issue 19 item 9 (NIST 800-63B §5.2.2, decision 0061): failed passwords are counted per account and
 * client address. This many are free; each further one makes that address wait before its next
 * attempt is judged, the first delay doubling with every failure up to the longest. A success from the
 * address, or a day without failures, forgets its count.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_THROTTLE_FIRST_DELAY_SECONDS = 30;
export const LOGIN_THROTTLE_MAX_DELAY_SECONDS = 15 * 60;
export const LOGIN_THROTTLE_FORGET_SECONDS = 24 * 60 * 60;

/** Portal client ids (spec 1 §6). */
export const CLIENT_IDS = { portal: '34', mobile: '70' } as const;

export const MOBILE_SCREEN_WIDTH = 768;
