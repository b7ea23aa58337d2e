import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { recoveryEn } from './en.ts';

/** Awaited by the router before a screen of this feature renders (its texts stay off the first page). */
export function loadRecoveryCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'recovery',
    namespace: 'translation',
    en: recoveryEn,
    es: () => import('./es.ts').then((module) => module.recoveryEs),
  });
}
