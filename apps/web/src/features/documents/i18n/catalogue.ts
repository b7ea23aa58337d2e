import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { documentsEn } from './en.ts';

/** Awaited by the router before the sign-document screen renders. */
export function loadDocumentsCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'documents',
    namespace: 'documents',
    en: documentsEn,
    es: () => import('./es.ts').then((module) => module.documentsEs),
  });
}
