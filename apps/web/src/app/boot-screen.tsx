import { useTranslation } from 'react-i18next';

interface BootScreenProps {
  /** Shown instead of the loading text when the start failed. */
  failed?: boolean;
  /**
   * The portal could not be reached (decision 0038): the offline screen, which reconnects by itself
   * (main.tsx waits for the connection and reloads) and offers to try at once.
   */
  offline?: boolean;
  onRetry?: () => void;
}

/** The small state shown while the variant configuration and the first screen load. */
export function BootScreen({ failed = false, offline = false, onRetry }: BootScreenProps) {
  const { t } = useTranslation();
  if (offline) {
    return (
      <main className="app-boot app-boot--offline" id="main">
        <svg
          className="app-boot__icon"
          width="56"
          height="56"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M2 8.5a15 15 0 0 1 20 0M5 12a10.5 10.5 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M3 3l18 18" />
          <circle cx="12" cy="19" r="1" fill="currentColor" />
        </svg>
        <h1 className="app-title">{t('offline.title')}</h1>
        <p className="app-text app-boot__text" role="status">
          {t('offline.text')}
        </p>
        <button type="button" className="app-button app-button--primary" onClick={onRetry}>
          {t('app.retry')}
        </button>
      </main>
    );
  }
  return (
    <main className="app-boot" id="main">
      {failed ? (
        <>
          <h1 className="app-title">{t('app.startFailed')}</h1>
          <button type="button" className="app-menu-button" onClick={onRetry}>
            {t('app.retry')}
          </button>
        </>
      ) : (
        <p className="app-text" role="progressbar" aria-label={t('loader.label')}>
          {t('app.loading')}
        </p>
      )}
    </main>
  );
}
