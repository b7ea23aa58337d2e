import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { providerShellEn } from './en.ts';

/** Awaited by the router before the provider layout renders. */
export function loadProviderShellCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'providerShell',
    namespace: 'providerShell',
    en: providerShellEn,
    es: () => import('./es.ts').then((module) => module.providerShellEs),
  });
}
