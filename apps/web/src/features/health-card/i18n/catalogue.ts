import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { healthCardEn } from './en.ts';

/** Awaited by the router before the health card renders. */
export function loadHealthCardCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'healthCard',
    namespace: 'healthCard',
    en: healthCardEn,
    es: () => import('./es.ts').then((module) => module.healthCardEs),
  });
}
