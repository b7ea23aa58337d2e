import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title.tsx';

/** spec 1 §2 /self-closing: the page an external connection flow ends on. */
export function SelfClosingPage() {
  const { t } = useTranslation();
  return <PageTitle>{t('selfClosing.text')}</PageTitle>;
}
