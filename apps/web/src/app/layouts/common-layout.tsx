import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../lib/i18n/i18n.ts';
import { ErrorBanner } from './error-banner.tsx';

interface CommonLayoutProps {
  header?: ReactNode;
  /** Narrow column for forms (guest screens). */
  narrow?: boolean;
  /** Navigation beside the main area (the provider sidebar, spec 3 §2). */
  sidebar?: ReactNode;
  /** Navigation under everything (the provider footer tabs of the mobile layout, spec 3 §2). */
  bottomNav?: ReactNode;
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
export function CommonLayout({ header, narrow = false, sidebar, bottomNav, children }: CommonLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="app-shell">
      <a className="app-skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {header}
      {/* One tree whether or not the sidebar is there: the provider sidebar appears once the workspace
          has loaded, and a changed tree would remount the screen and lose what was typed. */}
      <div className="app-body">
        {sidebar}
        <main
          id="main"
          tabIndex={-1}
          className={sidebar ? 'app-main app-main--wide' : narrow ? 'app-main app-main--narrow' : 'app-main'}
        >
          <ErrorBanner />
          {children}
        </main>
      </div>
      <footer className="app-footer">
        <LanguageSwitch />
      </footer>
      {bottomNav}
    </div>
  );
}
