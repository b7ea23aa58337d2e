import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissBanner, getBanner, subscribeBanner } from '../../lib/errors/banner-store.ts';

/** spec 1 §8 error banner: the server's messages, dismissible with 'Close alert'. */
export function ErrorBanner() {
  const { t } = useTranslation();
  const banner = useSyncExternalStore(subscribeBanner, getBanner, getBanner);
  if (!banner) {
    return null;
  }
  const [first, ...rest] = banner.messages;
  return (
    <div key={banner.id} role="alert" className="app-message app-message--error app-banner">
      {rest.length === 0 ? (
        <p className="app-message__body">{first}</p>
      ) : (
        <ul className="app-message__body app-message__list">
          {banner.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="app-message__close"
        aria-label={t('banner.close')}
        onClick={dismissBanner}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
