import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** spec 3 §2 the filter icon: to {current page}/select-departments (and its sibling screens). */
export function FilterLinks({
  base,
  search,
  withLocations,
}: {
  base: string;
  search: URLSearchParams;
  withLocations: boolean;
}) {
  const { t } = useTranslation('providerSchedule');
  const query = search.toString() ? `?${search.toString()}` : '';
  return (
    <nav aria-label={t('filters')} className="schedule-filters">
      <Link className="app-button app-button--outline" to={`${base}/select-departments${query}`}>
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M3 5h18l-7 8v6l-4-2v-4z" />
        </svg>
        {t('filterDepartments')}
      </Link>
      {withLocations ? (
        <Link className="app-button app-button--outline" to={`${base}/select-locations${query}`}>
          {t('filterLocations')}
        </Link>
      ) : null}
      <Link className="app-button app-button--outline" to={`${base}/select-providers${query}`}>
        {t('filterProviders')}
      </Link>
    </nav>
  );
}
