import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { BrandLogo } from '../../../components/ui/brand-logo.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { landingColor } from '../../../lib/variant/brand-theme.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';

/** spec 1 §2 landing: logo, tagline, LOG IN to /guest/login and an optional Sign up. */
export function LandingPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const style = { '--app-landing': landingColor() } as CSSProperties;

  return (
    <div className="app-landing" style={style}>
      <PageTitle>
        <BrandLogo
          appName={config.appName}
          logo={config.branding.logo}
          alt={t('logo.alt', { appName: config.appName })}
        />
      </PageTitle>
      <p className="app-landing__tagline">{t('landing.tagline')}</p>
      <div className="app-landing__actions">
        <ButtonLink to="/guest/login" variant="white" fullWidth>
          {t('landing.login')}
        </ButtonLink>
        {config.features.signUp ? (
          <ButtonLink to="/guest/sign-up" variant="outline-white" fullWidth>
            {t('landing.signUp')}
          </ButtonLink>
        ) : null}
      </div>
    </div>
  );
}
