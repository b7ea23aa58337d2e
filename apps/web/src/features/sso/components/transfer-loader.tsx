import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import type { RouteTitleKey } from '../../../app/route-map.ts';

/** spec 1 §2: the loader of the SSO landing and the one-time-code login. */
export function TransferLoader({ titleKey }: { titleKey: RouteTitleKey }) {
  const { t } = useTranslation();
  return (
    <div className="app-stack" aria-busy="true">
      <PageTitle>{t(titleKey)}</PageTitle>
      <div className="app-loader" role="progressbar" aria-label={t('loader.label')} />
      <p className="app-text" role="status">
        {t('sso.loading')}
        <br />
        {t('sso.transferring')}
      </p>
    </div>
  );
}
