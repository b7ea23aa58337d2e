import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title.tsx';

/** spec 1 §2 /general/error-page. */
export function PageNotFound() {
  const { t } = useTranslation();
  return (
    <div className="app-stack">
      <PageTitle>{t('notFound.text')}</PageTitle>
      <p className="app-text">
        <Link className="app-link" to="/">
          {t('comingSoon.home')}
        </Link>
      </p>
    </div>
  );
}
