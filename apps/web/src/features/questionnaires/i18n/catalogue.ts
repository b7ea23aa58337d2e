import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { questionnairesEn } from './en.ts';

/** Awaited by the router before a questionnaire screen renders. */
export function loadQuestionnairesCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'questionnaires',
    namespace: 'questionnaires',
    en: questionnairesEn,
    es: () => import('./es.ts').then((module) => module.questionnairesEs),
  });
}
