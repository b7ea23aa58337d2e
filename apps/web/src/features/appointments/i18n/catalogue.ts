import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { appointmentsEn } from './en.ts';

/** Awaited by the router before an appointment screen renders. */
export function loadAppointmentsCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'appointments',
    namespace: 'appointments',
    en: appointmentsEn,
    es: () => import('./es.ts').then((module) => module.appointmentsEs),
  });
}
