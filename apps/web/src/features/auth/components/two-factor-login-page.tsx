import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { clearChallenge, loadChallenge } from '../../../lib/auth/two-factor-challenge.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { authErrorText, useRequestToken } from '../api/request-token.ts';
import { useResendTwoFactorCode } from '../api/resend-two-factor-code.ts';
import { useCompleteLogin } from '../use-complete-login.ts';
import { TwoFactorForm } from './two-factor-form.tsx';

function arrivedWithCodeSent(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'codeSent' in state && state.codeSent === true;
}

/** /guest/two-factor-login: the code step of a login that answered two_factor_required. */
export function TwoFactorLoginPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const [challenge] = useState(loadChallenge);
  const requestToken = useRequestToken();
  const resend = useResendTwoFactorCode();
  const completeLogin = useCompleteLogin();
  const [error, setError] = useState<string | null>(null);
  // spec 1 §4: 'Code has been sent' shows in the green area once the code went out.
  const [success, setSuccess] = useState<string | null>(() =>
    arrivedWithCodeSent(location.state) ? t('twoFactor.codeSent') : null,
  );
  const [completing, setCompleting] = useState(false);

  if (!challenge) {
    return <Navigate to={`/guest/login${location.search}`} replace />;
  }

  const submit = (code: string) => {
    setError(null);
    setSuccess(null);
    requestToken.mutate(
      { grant_type: 'two_factor', client_id: config.clientId, challenge_id: challenge.challengeId, code },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'tokens') {
            setCompleting(true);
            void completeLogin(outcome.tokens, { search: location.search });
          } else {
            setError(outcome.challenge.error_description);
          }
        },
        onError: (failure) => {
          setError(authErrorText(failure));
        },
      },
    );
  };

  const sendNewCode = () => {
    setError(null);
    setSuccess(null);
    resend.mutate(challenge.challengeId, {
      onSuccess: () => {
        setSuccess(t('twoFactor.codeSent'));
      },
      onError: (failure) => {
        setError(authErrorText(failure));
      },
    });
  };

  const cancel = () => {
    // spec 1 §4: cancelling resets messages and error.
    setError(null);
    setSuccess(null);
    clearChallenge();
    void navigate(`${challenge.loginPath}${location.search}`, { replace: true });
  };

  return (
    <TwoFactorForm
      submitting={requestToken.isPending || completing}
      resending={resend.isPending}
      error={error}
      success={success}
      onSubmit={submit}
      onResend={sendNewCode}
      onCancel={cancel}
      codeSource={challenge.kind === 'totp' ? 'app' : 'sent'}
    />
  );
}
