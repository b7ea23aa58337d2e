import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../components/ui/coming-soon.tsx';
import { useRouteTitleKey } from './route-handle.ts';

/** The placeholder screen for every route of spec 1 §2 that a later issue builds. */
export function ComingSoonScreen() {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey() ?? 'route.root';
  return (
    <ComingSoon
      title={t(titleKey)}
      text={t('comingSoon.text')}
      homeLabel={t('comingSoon.home')}
      homeHref="/"
    />
  );
}
