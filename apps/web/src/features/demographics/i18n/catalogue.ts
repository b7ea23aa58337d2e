import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { demographicsEn } from './en.ts';

/** Awaited by the router before the demographics screen renders. */
export function loadDemographicsCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'demographics',
    namespace: 'demographics',
    en: demographicsEn,
    es: () => import('./es.ts').then((module) => module.demographicsEs),
  });
}
