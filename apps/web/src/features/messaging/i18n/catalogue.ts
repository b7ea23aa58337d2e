import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { messagingEn } from './en.ts';

/** Awaited by the router before a messaging screen renders. */
export function loadMessagingCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'messaging',
    namespace: 'messaging',
    en: messagingEn,
    es: () => import('./es.ts').then((module) => module.messagingEs),
  });
}
