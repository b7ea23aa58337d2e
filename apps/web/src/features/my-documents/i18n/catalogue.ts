import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { myDocumentsEn } from './en.ts';

/** Awaited by the router before the documents screen renders. */
export function loadMyDocumentsCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'my-documents',
    namespace: 'myDocuments',
    en: myDocumentsEn,
    es: () => import('./es.ts').then((module) => module.myDocumentsEs),
  });
}
