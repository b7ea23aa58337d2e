import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { activateAccount } from '../api/recovery-api.ts';
import { recoveryErrorText } from '../recovery-error.ts';

// The link is single use: one request per token even if the effect runs twice (React strict mode).
const attempts = new Map<string, Promise<unknown>>();

function activateOnce(token: string): Promise<unknown> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = activateAccount(token);
    attempts.set(token, attempt);
  }
  return attempt;
}

type Outcome = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; text: string };

/** Where the activation link lands (/guest/activate-account?token=…, decision 0008). */
export function ActivateAccountPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { kind: 'working' } : { kind: 'failed', text: t('recovery.activate.missing') },
  );

  useEffect(() => {
    if (!token) {
      return;
    }
    let current = true;
    activateOnce(token).then(
      () => {
        if (current) {
          setOutcome({ kind: 'done' });
        }
      },
      (failure: unknown) => {
        if (current) {
          setOutcome({ kind: 'failed', text: recoveryErrorText(failure, t) });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [token, t]);

  return (
    <div className="app-stack">
      <PageTitle>{t('route.guest.activateAccount')}</PageTitle>
      {outcome.kind === 'working' ? (
        <p className="app-text" role="status">
          {t('recovery.activate.working')}
        </p>
      ) : null}
      <FormMessage tone="success">{outcome.kind === 'done' ? t('recovery.activate.done') : null}</FormMessage>
      <FormMessage tone="error">{outcome.kind === 'failed' ? outcome.text : null}</FormMessage>
      {outcome.kind === 'working' ? null : (
        <ButtonLink to="/guest/login" fullWidth>
          {t('recovery.goToLogin')}
        </ButtonLink>
      )}
    </div>
  );
}
