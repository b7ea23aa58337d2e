import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { bookingEn } from './en.ts';

/** Awaited by the router before a booking screen renders. */
export function loadBookingCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'booking',
    namespace: 'booking',
    en: bookingEn,
    es: () => import('./es.ts').then((module) => module.bookingEs),
  });
}
