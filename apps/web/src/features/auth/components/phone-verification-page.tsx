import { useState, type SubmitEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { phoneVerificationSchema } from '@app/contracts/auth';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { clearChallenge, loadChallenge, saveChallenge } from '../../../lib/auth/two-factor-challenge.ts';
import { authErrorText } from '../api/request-token.ts';
import { useVerifyTwoFactorPhone } from '../api/verify-two-factor-phone.ts';

/**
 * /guest/two-factor-auth, the phone-verification screen (spec 1 §2, §5): the account has nowhere to
 * send a code, so the person gives a home or mobile number (digits only), then enters the code.
 */
export function PhoneVerificationPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [challenge] = useState(loadChallenge);
  const verify = useVerifyTwoFactorPhone();
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = phoneVerificationSchema.safeParse({ phone }).success;

  if (!challenge) {
    return <Navigate to={`/guest/login${location.search}`} replace />;
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || verify.isPending) {
      return;
    }
    verify.mutate(
      { challengeId: challenge.challengeId, phone },
      {
        onSuccess: () => {
          saveChallenge({ ...challenge, kind: 'code' });
          void navigate(`/guest/two-factor-login${location.search}`, { state: { codeSent: true } });
        },
      },
    );
  };

  return (
    <form className="app-stack" onSubmit={submit} noValidate aria-labelledby="phone-title">
      <PageTitle id="phone-title">{t('phone.title')}</PageTitle>
      <p className="app-text" id="phone-text">
        {t('phone.text')}
      </p>
      <FormMessage tone="error">{verify.isError ? authErrorText(verify.error) : null}</FormMessage>
      <TextField
        label={t('phone.label')}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={15}
        required
        value={phone}
        onChange={(event) => {
          // spec 1 §5: digits only.
          setPhone(event.currentTarget.value.replace(/\D/g, '').slice(0, 15));
        }}
        onBlur={() => {
          setTouched(true);
        }}
        error={touched && !valid ? t('phone.text') : null}
      />
      <Button type="submit" disabled={!valid} loading={verify.isPending} fullWidth>
        {t('phone.submit')}
      </Button>
      <p className="app-text">
        <Link
          className="app-link"
          to={`${challenge.loginPath}${location.search}`}
          onClick={() => {
            clearChallenge();
          }}
        >
          {t('phone.returnToLogin')}
        </Link>
      </p>
    </form>
  );
}
