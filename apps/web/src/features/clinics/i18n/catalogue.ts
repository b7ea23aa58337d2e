import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { clinicsEn } from './en.ts';

/** Awaited by the router before a clinics screen renders. */
export function loadClinicsCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'clinics',
    namespace: 'clinics',
    en: clinicsEn,
    es: () => import('./es.ts').then((module) => module.clinicsEs),
  });
}
