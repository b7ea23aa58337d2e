import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { providerAdminEn } from './en.ts';

/** Awaited by the router before a provider admin screen renders. */
export function loadProviderAdminCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'providerAdmin',
    namespace: 'providerAdmin',
    en: providerAdminEn,
    es: () => import('./es.ts').then((module) => module.providerAdminEs),
  });
}
