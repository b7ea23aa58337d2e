import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title.tsx';

/**
 * spec 1 §2 /oauth-code/{code}: login by one-time code, shown as a loader. The code exchange arrives
 * with the quick-link issue; until then the screen says so.
 */
export function OAuthCodePage() {
  const { t } = useTranslation();
  return (
    <div className="app-stack" aria-busy="true">
      <PageTitle>{t('route.oauthCode')}</PageTitle>
      <p className="app-text">{t('sso.loading')}</p>
      <p className="app-text">{t('comingSoon.text')}</p>
    </div>
  );
}
