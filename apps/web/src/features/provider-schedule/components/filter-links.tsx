import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FilterIcon } from '../../../lib/variant/variant-traits.ts';

// spec 3 §2 "the filter icon", one per provider app (decision 0037): Care Manager's funnel, the
// women's-healthcare app's own glyph (the Venus sign). Decorative: the link's text names the filter.
const FILTER_ICON_PATHS: Record<FilterIcon, string> = {
  funnel: 'M3 5h18l-7 8v6l-4-2v-4z',
  'womens-health': 'M12 4a5 5 0 100 10 5 5 0 000-10zM12 14v7M8.5 17.5h7',
};

/** spec 3 §2 the filter icon: to {current page}/select-departments (and its sibling screens). */
export function FilterLinks({
  base,
  search,
  withLocations,
  icon,
}: {
  base: string;
  search: URLSearchParams;
  withLocations: boolean;
  icon: FilterIcon;
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
          strokeLinecap="round"
          data-filter-icon={icon}
        >
          <path d={FILTER_ICON_PATHS[icon]} />
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
