import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useLandingRouteData } from '../../../app/route-handle.ts';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { BrandLogo } from '../../../components/ui/brand-logo.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { landingColor } from '../../../lib/variant/brand-theme.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { isQuickLinkApp } from '../../../lib/variant/variant-traits.ts';

/**
 * spec 1 §2 landing: logo, tagline, LOG IN to /guest/login and an optional Sign up. The route's data
 * may set the tagline, logo and sign-up button; the defaults are the catalogue tagline, the clinic
 * logo and the variant's sign-up feature. In the quick-link app (decision 0037) a visitor without a
 * link is told to open the one the clinic sent, with the login for those who have an account.
 */
export function LandingPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const data = useLandingRouteData();
  const showSignUp = data.showSignUp ?? config.features.signUp;
  const style = { '--app-landing': landingColor() } as CSSProperties;

  return (
    <div className="app-landing" style={style}>
      <PageTitle>
        <BrandLogo
          appName={config.appName}
          logo={data.logo ?? config.branding.logo}
          alt={t('logo.alt', { appName: config.appName })}
        />
      </PageTitle>
      {isQuickLinkApp(config.variant) && !data.taglineKey ? (
        <>
          <h2 className="app-landing__heading">{t('landing.quickLink.heading')}</h2>
          <p className="app-landing__tagline">{t('landing.quickLink.text')}</p>
          <p className="app-landing__hint">{t('landing.quickLink.loginHint')}</p>
        </>
      ) : (
        <p className="app-landing__tagline">{t(data.taglineKey ?? 'landing.tagline')}</p>
      )}
      <div className="app-landing__actions">
        <ButtonLink to="/guest/login" variant="white" fullWidth>
          {t('landing.login')}
        </ButtonLink>
        {showSignUp ? (
          <ButtonLink to="/guest/sign-up" variant="outline-white" fullWidth>
            {t('landing.signUp')}
          </ButtonLink>
        ) : null}
      </div>
    </div>
  );
}
