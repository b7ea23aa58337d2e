import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { vitalsEn } from './en.ts';

/** Awaited by the router before the vitals screen renders. */
export function loadVitalsCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'vitals',
    namespace: 'vitals',
    en: vitalsEn,
    es: () => import('./es.ts').then((module) => module.vitalsEs),
  });
}
