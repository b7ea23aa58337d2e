import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { signUpEn } from './en.ts';

/** Awaited by the router before a screen of this feature renders (its texts stay off the first page). */
export function loadSignUpCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'sign-up',
    namespace: 'translation',
    en: signUpEn,
    es: () => import('./es.ts').then((module) => module.signUpEs),
  });
}
