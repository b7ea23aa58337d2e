import type { recoveryEn } from './en.ts';

// Spanish texts of this feature, spread into lib/i18n/es.ts.
export const recoveryEs: Record<keyof typeof recoveryEn, string> = {
  _placeholder: '',
};
