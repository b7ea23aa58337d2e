import { useTranslation } from 'react-i18next';

/** spec 3 §8 "popup blocked" texts, shown when window.open answered null. */
export function PopupBlocked() {
  const { t } = useTranslation('videoCall');
  return (
    <div role="alert" className="video-call__popup-blocked">
      <p className="video-call__permissions-title">{t('popupBlocked')}</p>
      <p>{t('popupBlockedHelp')}</p>
    </div>
  );
}
