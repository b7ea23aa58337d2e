import { useEffect, useState, type SubmitEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecoveryChannel } from '@app/contracts/recovery';
import { BrandLogo } from '../../../components/ui/brand-logo.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import {
  answerSecurityQuestion,
  sendActivationLink,
  sendTemporaryPassword,
  startPasswordRecovery,
} from '../api/recovery-api.ts';
import { noSecurityQuestionText, recoveryErrorText, serverErrorText } from '../recovery-error.ts';
import { readForgotPassword, saveForgotPassword, type ForgotPasswordState } from '../recovery-state.ts';
import { useKeepQuery } from '../use-keep-query.ts';
import { ChannelChoice, type ChannelOption } from './channel-choice.tsx';
import { SentInfo } from './sent-info.tsx';

const BASE = '/guest/forgot-password';

/** Step 1: 'Please enter your username.' (it may be the email); Continue; Go back to /guest/landing. */
function UsernameStep() {
  const { t } = useTranslation();
  const { withQuery, go } = useKeepQuery();
  const [username, setUsername] = useState(readForgotPassword()?.username ?? '');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const valid = username.trim() !== '';

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || submitting) {
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const started = await startPasswordRecovery(username.trim());
      saveForgotPassword({
        username: username.trim(),
        questionToken: started.token,
        question: started.question,
        channelToken: null,
        activated: null,
        email: null,
        mobilePhone: null,
        sent: null,
      });
      await go(`${BASE}/security-question-step`);
    } catch (failure) {
      // spec 1 §6/§8: the 'email support' notice for accounts without a security question.
      setError(noSecurityQuestionText(failure, t) ?? serverErrorText(failure, t));
      setSubmitting(false);
    }
  };

  return (
    <form className="app-stack" onSubmit={(event) => void submit(event)} noValidate>
      <p className="app-muted">{t('recovery.step', { step: '1' })}</p>
      <p className="app-text">{t('recovery.password.usernameText')}</p>
      <FormMessage tone="error">{error}</FormMessage>
      <TextField
        label={t('recovery.password.username')}
        description={t('recovery.password.usernameHint')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={200}
        value={username}
        onChange={(event) => {
          setUsername(event.currentTarget.value);
          setError(null);
        }}
        onBlur={() => {
          setTouched(true);
        }}
        error={touched && !valid ? t('recovery.required') : null}
      />
      <Button type="submit" disabled={!valid} loading={submitting} fullWidth>
        {t('recovery.continue')}
      </Button>
      <ButtonLink to={withQuery('/guest/landing')} variant="outline" fullWidth>
        {t('recovery.goBack')}
      </ButtonLink>
    </form>
  );
}

/** Step 2 (guarded): the question, one required 'Answer' field (autofocus), Back and Next. */
function SecurityQuestionStep({ state, token }: { state: ForgotPasswordState; token: string }) {
  const { t } = useTranslation();
  const { withQuery, go } = useKeepQuery();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const valid = answer.trim() !== '';

  // spec 1 §2: the answer field has autofocus. The layout moves focus to the h1 after each navigation
  // (its effect runs after ours), so focus the field once that has happened.
  useEffect(() => {
    const timer = setTimeout(() => {
      document.querySelector<HTMLInputElement>('input[name="answer"]')?.focus();
    }, 0);
    return () => {
      clearTimeout(timer);
    };
  }, []);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || submitting) {
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const answered = await answerSecurityQuestion(token, answer);
      saveForgotPassword({
        // The question token stays: this route re-renders while the next one loads, and its guard
        // reads it (the server has spent it).
        ...state,
        channelToken: answered.token,
        activated: answered.activated,
        email: answered.email,
        mobilePhone: answered.mobilePhone,
      });
      // A not-yet-activated account is offered its activation link instead (spec 1 §4).
      await go(
        answered.activated ? `${BASE}/receive-password-channel-step` : `${BASE}/activation-link-channel-step`,
      );
    } catch (failure) {
      setError(recoveryErrorText(failure, t));
      setSubmitting(false);
    }
  };

  return (
    <form className="app-stack" onSubmit={(event) => void submit(event)} noValidate>
      <p className="app-muted">{t('recovery.step', { step: '2' })}</p>
      <p className="app-text">{t('recovery.password.questionText')}</p>
      <p className="app-text">
        <span className="app-muted">{t('recovery.password.question')}: </span>
        <strong>{state.question}</strong>
      </p>
      <FormMessage tone="error">{error}</FormMessage>
      <TextField
        label={t('recovery.password.answer')}
        name="answer"
        autoComplete="off"
        required
        maxLength={200}
        value={answer}
        onChange={(event) => {
          setAnswer(event.currentTarget.value);
          setError(null);
        }}
      />
      <div className="app-row">
        <ButtonLink to={withQuery(`${BASE}/username-step`)} variant="outline">
          {t('recovery.back')}
        </ButtonLink>
        <Button type="submit" disabled={!valid} loading={submitting}>
          {t('recovery.next')}
        </Button>
      </div>
    </form>
  );
}

interface ChannelStepProps {
  state: ForgotPasswordState;
  token: string;
  kind: 'password' | 'activation';
}

/** Step 3 (temporary password) or step 4 (activation link), guarded: only the channels the server returned. */
function ChannelStep({ state, token, kind }: ChannelStepProps) {
  const { t } = useTranslation();
  const { withQuery, go } = useKeepQuery();
  const [channel, setChannel] = useState<RecoveryChannel | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const labels =
    kind === 'password'
      ? { sms: t('recovery.password.textTo'), email: t('recovery.password.emailTo') }
      : { sms: t('recovery.activation.textTo'), email: t('recovery.activation.emailTo') };
  const options: ChannelOption[] = [
    ...(state.mobilePhone
      ? [
          {
            value: 'sms' as const,
            label: labels.sms,
            target: t('recovery.phoneEnding', { ending: state.mobilePhone }),
          },
        ]
      : []),
    ...(state.email ? [{ value: 'email' as const, label: labels.email, target: state.email }] : []),
  ];

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!channel || submitting) {
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const sent =
        kind === 'password'
          ? await sendTemporaryPassword(token, channel)
          : await sendActivationLink(token, channel);
      saveForgotPassword({ ...state, sent: { ...sent, kind } });
      await go(`${BASE}/sent-info-step`);
    } catch (failure) {
      setError(recoveryErrorText(failure, t));
      setSubmitting(false);
    }
  };

  return (
    <form className="app-stack" onSubmit={(event) => void submit(event)} noValidate>
      <p className="app-muted">{t('recovery.step', { step: String(kind === 'password' ? 3 : 4) })}</p>
      <FormMessage tone="error">{error}</FormMessage>
      <ChannelChoice
        legend={
          kind === 'password' ? t('recovery.password.channelText') : t('recovery.activation.channelText')
        }
        options={options}
        value={channel}
        onChange={(value) => {
          setChannel(value);
          setError(null);
        }}
      />
      <div className="app-row">
        <ButtonLink to={withQuery(`${BASE}/username-step`)} variant="outline">
          {t('recovery.back')}
        </ButtonLink>
        <Button type="submit" disabled={channel === null} loading={submitting}>
          {t('recovery.next')}
        </Button>
      </div>
    </form>
  );
}

/** Step 5 (guarded): what was sent where. */
function SentStep({ sent }: { sent: NonNullable<ForgotPasswordState['sent']> }) {
  const { t } = useTranslation();
  let text: string;
  let target = sent.target;
  if (sent.kind === 'activation') {
    text = sent.channel === 'sms' ? t('recovery.activation.sentSms') : t('recovery.activation.sentEmail');
  } else {
    text = t('recovery.password.sent');
    if (sent.channel === 'sms') {
      target = t('recovery.password.sentPhone', { ending: sent.target });
    }
  }
  return (
    <>
      <p className="app-muted">{t('recovery.step', { step: '5' })}</p>
      <SentInfo text={text} target={target} />
    </>
  );
}

function CurrentStep() {
  const { pathname } = useLocation();
  const { withQuery } = useKeepQuery();
  const state = readForgotPassword();
  const first = <Navigate to={withQuery(`${BASE}/username-step`)} replace />;
  const at = (step: string) => pathname.startsWith(`${BASE}/${step}`);
  if (at('security-question-step')) {
    return state?.questionToken ? <SecurityQuestionStep state={state} token={state.questionToken} /> : first;
  }
  if (at('receive-password-channel-step')) {
    return state?.channelToken && state.activated === true ? (
      <ChannelStep key="password" state={state} token={state.channelToken} kind="password" />
    ) : (
      first
    );
  }
  if (at('activation-link-channel-step')) {
    return state?.channelToken && state.activated === false ? (
      <ChannelStep key="activation" state={state} token={state.channelToken} kind="activation" />
    ) : (
      first
    );
  }
  if (at('sent-info-step')) {
    return state?.sent ? <SentStep sent={state.sent} /> : first;
  }
  return <UsernameStep />;
}

/** spec 1 §2 forgot-password: the brand logo, an h1 with the route title, then the current step. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  return (
    <div className="app-stack">
      <BrandLogo
        appName={config.appName}
        logo={config.branding.logo}
        alt={t('logo.alt', { appName: config.appName })}
      />
      <PageTitle>{t('recovery.password.title')}</PageTitle>
      <CurrentStep />
    </div>
  );
}
