import type { MemberType } from '@app/contracts/roles';
import { LANGUAGES, type Language } from '../../lib/i18n/i18n.ts';

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

export type LanguageAction =
  { kind: 'none' } | { kind: 'patch'; language: Language } | { kind: 'apply'; language: Language };

/**
 * spec 1 §4 communication language: for patients, an app language that differs from the stored one
 * is patched to the server; for providers the app applies the stored language.
 */
export function communicationLanguageAction(
  memberType: MemberType,
  appLanguage: string,
  storedLanguage: string,
): LanguageAction {
  if (appLanguage === storedLanguage) {
    return { kind: 'none' };
  }
  if (memberType === 'doctor') {
    return isLanguage(storedLanguage) ? { kind: 'apply', language: storedLanguage } : { kind: 'none' };
  }
  return isLanguage(appLanguage) ? { kind: 'patch', language: appLanguage } : { kind: 'none' };
}
