import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { familyEn } from './en.ts';

/** Awaited by the router before a family screen renders. */
export function loadFamilyCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'family',
    namespace: 'family',
    en: familyEn,
    es: () => import('./es.ts').then((module) => module.familyEs),
  });
}
