import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { patientsEn } from './en.ts';

/** Awaited by the router before a provider patient screen renders. */
export function loadPatientsCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'patients',
    namespace: 'patients',
    en: patientsEn,
    es: () => import('./es.ts').then((module) => module.patientsEs),
  });
}
