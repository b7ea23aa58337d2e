import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { providerScheduleEn } from './en.ts';

/** Awaited by the router before a schedule or waiting-room screen renders. */
export function loadProviderScheduleCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'providerSchedule',
    namespace: 'providerSchedule',
    en: providerScheduleEn,
    es: () => import('./es.ts').then((module) => module.providerScheduleEs),
  });
}
