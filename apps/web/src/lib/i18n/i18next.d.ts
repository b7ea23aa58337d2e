import 'i18next';
import type { en } from './en.ts';
import type { bookingEn } from '../../features/booking/i18n/en.ts';
import type { appointmentsEn } from '../../features/appointments/i18n/en.ts';
import type { checkInEn } from '../../features/check-in/i18n/en.ts';
import type { recoveryEn } from '../../features/recovery/i18n/en.ts';
import type { signUpEn } from '../../features/sign-up/i18n/en.ts';
import type { providerRegistrationEn } from '../../features/provider-registration/i18n/en.ts';
import type { accountSettingsEn } from '../../features/account-settings/i18n/en.ts';

/**
 * The default namespace: the first page's catalogue plus the texts some features add to it when their
 * screens load (FeatureCatalogue with namespace 'translation', decision 0006).
 */
type DefaultNamespace = typeof en &
  typeof recoveryEn &
  typeof signUpEn &
  typeof providerRegistrationEn &
  typeof accountSettingsEn;

// Typed keys: t('login.username') compiles, a misspelt key does not. Feature namespaces
// (useTranslation('booking')) are loaded with their screens (decision 0017).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: DefaultNamespace;
      booking: typeof bookingEn;
      appointments: typeof appointmentsEn;
      checkIn: typeof checkInEn;
    };
    keySeparator: false;
    nsSeparator: false;
  }
}
