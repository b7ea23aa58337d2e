import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { providerRegistrationEn } from './en.ts';

/** Awaited by the router before a screen of this feature renders (its texts stay off the first page). */
export function loadProviderRegistrationCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'provider-registration',
    namespace: 'translation',
    en: providerRegistrationEn,
    es: () => import('./es.ts').then((module) => module.providerRegistrationEs),
  });
}
