import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon.tsx';

/** Placeholder until issue 4 builds this screen. */
export function PatientCreatePage() {
  const { t } = useTranslation('appointments');
  const common = useTranslation();
  return (
    <ComingSoon
      title={t('title')}
      text={common.t('comingSoon.text')}
      homeLabel={common.t('comingSoon.home')}
      homeHref="/"
    />
  );
}
