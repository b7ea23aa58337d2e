import type { signUpEn } from './en.ts';

// Spanish texts of this feature, spread into lib/i18n/es.ts.
export const signUpEs: Record<keyof typeof signUpEn, string> = {
  _placeholder: '',
};
