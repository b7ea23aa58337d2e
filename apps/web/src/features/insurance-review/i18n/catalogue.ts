import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { insuranceReviewEn } from './en.ts';

/** Awaited by the router before an insurance review screen renders. */
export function loadInsuranceReviewCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'insuranceReview',
    namespace: 'insuranceReview',
    en: insuranceReviewEn,
    es: () => import('./es.ts').then((module) => module.insuranceReviewEs),
  });
}
