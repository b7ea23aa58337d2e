import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { healthEn } from './en.ts';

/** Awaited by the router before the patient health tab renders (with the vitals catalogue). */
export function loadHealthCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'health',
    namespace: 'health',
    en: healthEn,
    es: () => import('./es.ts').then((module) => module.healthEs),
  });
}
