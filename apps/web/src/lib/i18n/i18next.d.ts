import 'i18next';
import type { en } from './en.ts';
import type { bookingEn } from '../../features/booking/i18n/en.ts';
import type { appointmentsEn } from '../../features/appointments/i18n/en.ts';

// Typed keys: t('login.username') compiles, a misspelt key does not. Feature namespaces
// (useTranslation('booking')) are loaded with their screens (decision 0017).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; booking: typeof bookingEn; appointments: typeof appointmentsEn };
    keySeparator: false;
    nsSeparator: false;
  }
}
