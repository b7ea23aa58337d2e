import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { paymentsEn } from './en.ts';

/** Awaited by the router before a payments screen renders. */
export function loadPaymentsCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'payments',
    namespace: 'payments',
    en: paymentsEn,
    es: () => import('./es.ts').then((module) => module.paymentsEs),
  });
}
