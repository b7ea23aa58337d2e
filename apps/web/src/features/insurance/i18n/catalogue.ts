import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { insuranceEn } from './en.ts';

/** Awaited by the router before an insurance card screen renders. */
export function loadInsuranceCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'insurance',
    namespace: 'insurance',
    en: insuranceEn,
    es: () => import('./es.ts').then((module) => module.insuranceEs),
  });
}
