import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { checkInEn } from './en.ts';

/** Awaited by the router before a check-in screen renders. */
export function loadCheckInCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'checkIn',
    namespace: 'checkIn',
    en: checkInEn,
    es: () => import('./es.ts').then((module) => module.checkInEs),
  });
}
