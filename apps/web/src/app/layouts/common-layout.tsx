import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../lib/i18n/i18n.ts';
import { ErrorBanner } from './error-banner.tsx';

interface CommonLayoutProps {
  header?: ReactNode;
  /** Narrow column for forms (guest screens). */
  narrow?: boolean;
  children: ReactNode;
}

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const target = i18n.language === 'es' ? 'en' : 'es';
  return (
    <button
      type="button"
      className="app-link app-link-button"
      lang={target}
      onClick={() => {
        void switchLanguage(i18n, target);
      }}
    >
      {t('language.switch')}
    </button>
  );
}

/**
 * spec 1 §2 common layout: the routed area with the error banner (the loader is global, in the root
 * layout). Landmarks: header (when given), main, footer.
 */
export function CommonLayout({ header, narrow = false, children }: CommonLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="app-shell">
      <a className="app-skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {header}
      <main id="main" tabIndex={-1} className={narrow ? 'app-main app-main--narrow' : 'app-main'}>
        <ErrorBanner />
        {children}
      </main>
      <footer className="app-footer">
        <LanguageSwitch />
      </footer>
    </div>
  );
}
