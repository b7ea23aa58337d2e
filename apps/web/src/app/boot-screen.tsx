import { useTranslation } from 'react-i18next';

interface BootScreenProps {
  /** Shown instead of the loading text when the start failed. */
  failed?: boolean;
  onRetry?: () => void;
}

/** The small state shown while the variant configuration and the first screen load. */
export function BootScreen({ failed = false, onRetry }: BootScreenProps) {
  const { t } = useTranslation();
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
