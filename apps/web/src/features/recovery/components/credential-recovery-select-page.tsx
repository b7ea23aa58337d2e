import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { resetRecovery } from '../recovery-state.ts';
import { useKeepQuery } from '../use-keep-query.ts';

type Choice = 'password' | 'username';

const TARGETS: Record<Choice, string> = {
  password: '/guest/forgot-password',
  username: '/guest/forgot-username',
};

/** spec 1 §2 credential-recovery-select: one option required, Next disabled until chosen. */
export function CredentialRecoverySelectPage() {
  const { t } = useTranslation();
  const { withQuery, go } = useKeepQuery();
  const [choice, setChoice] = useState<Choice | null>(null);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!choice) {
      return;
    }
    // spec 1 §2: Next resets any previously chosen channel.
    resetRecovery();
    await go(TARGETS[choice]);
  };

  return (
    <div className="app-stack">
      <PageTitle>{t('recovery.select.title')}</PageTitle>
      <form className="app-stack" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="app-stack app-fieldset">
          <legend>
            <h2 className="app-subtitle">{t('recovery.select.heading')}</h2>
          </legend>
          {(['password', 'username'] as const).map((value) => (
            <label key={value} className="app-text app-radio">
              <input
                type="radio"
                name="recovery"
                value={value}
                checked={choice === value}
                onChange={() => {
                  setChoice(value);
                }}
              />{' '}
              {t(`recovery.select.${value}`)}
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={choice === null} fullWidth>
          {t('recovery.next')}
        </Button>
      </form>
      <ButtonLink to={withQuery('/guest/login')} variant="outline" fullWidth>
        {t('recovery.back')}
      </ButtonLink>
    </div>
  );
}
