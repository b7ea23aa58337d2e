import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { useInstallOffer } from '../use-install-offer.ts';

/**
 * The side menu's install offer (issue 16 item 4, decision 0038): "Install the app" where the browser
 * can install it, a hint on iOS, nothing elsewhere. "Not now" is remembered on this device.
 */
export function InstallAppOffer() {
  const { t } = useTranslation();
  const { appName } = useAppConfig();
  const { offer, install, dismiss } = useInstallOffer();
  if (offer === 'none') {
    return null;
  }
  return (
    <section className="app-install-offer" aria-label={t('installApp.title')}>
      <p className="app-text">
        {offer === 'prompt' ? t('installApp.text', { appName }) : t('installApp.iosText', { appName })}
      </p>
      <div className="app-install-offer__actions">
        {offer === 'prompt' ? <Button onClick={install}>{t('installApp.install')}</Button> : null}
        <Button variant="outline" onClick={dismiss}>
          {offer === 'prompt' ? t('installApp.notNow') : t('installApp.gotIt')}
        </Button>
      </div>
    </section>
  );
}
