import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { accountSettingsEn } from './en.ts';

/** Awaited by the router before a screen of this feature renders (its texts stay off the first page). */
export function loadAccountSettingsCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'account-settings',
    namespace: 'translation',
    en: accountSettingsEn,
    es: () => import('./es.ts').then((module) => module.accountSettingsEs),
  });
}
