import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTROL_CHARACTERS_MESSAGE } from '@app/contracts/errors';
import { dismissBanner, getBanner, subscribeBanner } from '../../lib/errors/banner-store.ts';
import type { TranslationKey } from '../../lib/i18n/en.ts';

/** Server texts the catalogue translates (the rest are shown as the server wrote them). */
const CATALOGUED_SERVER_TEXTS: ReadonlyMap<string, TranslationKey> = new Map([
  [CONTROL_CHARACTERS_MESSAGE, 'validation.controlCharacters'],
]);

/** A server text in the reader's language where the catalogue has it. */
export function cataloguedText(message: string, translate: (key: TranslationKey) => string): string {
  const key = CATALOGUED_SERVER_TEXTS.get(message);
  return key ? translate(key) : message;
}

/** spec 1 §8 error banner: the server's messages, dismissible with 'Close alert'. */
export function ErrorBanner() {
  const { t } = useTranslation();
  const banner = useSyncExternalStore(subscribeBanner, getBanner, getBanner);
  if (!banner) {
    return null;
  }
  const messages = banner.messages.map((message) => cataloguedText(message, t));
  const [first, ...rest] = messages;
  return (
    <div key={banner.id} role="alert" className="app-message app-message--error app-banner">
      {rest.length === 0 ? (
        <p className="app-message__body">{first}</p>
      ) : (
        <ul className="app-message__body app-message__list">
          {messages.map((message) => (
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
