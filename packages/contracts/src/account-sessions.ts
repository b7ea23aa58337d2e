import { z } from 'zod';

// Issue 19 item 10: the sessions page of account settings (decision 0061). A user sees and ends only
// their own sessions; a provider's switch into a patient and a family switch are not the patient's
// devices and are left out.

export const ACCOUNT_SESSIONS_PATH = '/api/account/sessions';

export const accountSessionSchema = z.object({
  id: z.uuid(),
  /** Read from the User-Agent at login ('Chrome', 'Safari'…); null when it names no known browser. */
  browser: z.string().nullable(),
  /** 'Android', 'iOS', 'Windows'…; null when unknown. */
  os: z.string().nullable(),
  clientAddress: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session of the request itself: "This device". */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.array(accountSessionSchema);
export const accountSessionParamsSchema = z.object({ sessionId: z.uuid('sessionId is not valid') });
export const signOutOthersResponseSchema = z.object({ signedOut: z.number().int().nonnegative() });

export const SESSION_NOT_FOUND_TEXT = 'This session does not exist or has already ended.';
export const SESSIONS_OWNER_ONLY_TEXT = 'Only the account holder can manage the sessions of this account.';

// Order matters: Edge and Opera carry "Chrome" too, Chrome carries "Safari", Android carries "Linux".
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A readable name of a device from its User-Agent: { browser: 'Chrome', os: 'Android' }. */
export function describeUserAgent(userAgent: string | null | undefined): {
  browser: string | null;
  os: string | null;
} {
  const agent = userAgent ?? '';
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? null,
    os: SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1] ?? null,
  };
}
