import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { useKeepQuery } from '../use-keep-query.ts';

/** spec 1 §2 sent-info step: what was sent where, and 'Go to Login' keeping the query params. */
export function SentInfo({ text, target }: { text: string; target: string }) {
  const { t } = useTranslation();
  const { withQuery } = useKeepQuery();
  return (
    <div className="app-stack">
      <p className="app-text" role="status">
        {text} <strong>{target}</strong>
      </p>
      <ButtonLink to={withQuery('/guest/login')} fullWidth>
        {t('recovery.goToLogin')}
      </ButtonLink>
    </div>
  );
}
