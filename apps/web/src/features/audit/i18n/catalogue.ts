import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { auditEn } from './en.ts';

/** Awaited by the router before the access history or the audit trail renders. */
export function loadAuditCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'audit',
    namespace: 'audit',
    en: auditEn,
    es: () => import('./es.ts').then((module) => module.auditEs),
  });
}
