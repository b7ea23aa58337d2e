import type { providerRegistrationEn } from './en.ts';

// Spanish texts of this feature, spread into lib/i18n/es.ts.
export const providerRegistrationEs: Record<keyof typeof providerRegistrationEn, string> = {
  _placeholder: '',
};
