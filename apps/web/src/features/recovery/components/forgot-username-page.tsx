import { useState, type SubmitEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecoveryChannel } from '@app/contracts/recovery';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { lookupUsername, sendUsername } from '../api/recovery-api.ts';
import { recoveryErrorText, serverErrorText } from '../recovery-error.ts';
import { readForgotUsername, saveForgotUsername, type ForgotUsernameState } from '../recovery-state.ts';
import { useKeepQuery } from '../use-keep-query.ts';
import { ChannelChoice } from './channel-choice.tsx';
import { SentInfo } from './sent-info.tsx';

const BASE = '/guest/forgot-username';

interface FormValues {
  firstName: string;
  lastName: string;
  birthDate: string;
}

/** Step 1: firstName, lastName, birthDate, all required (spec 1 §5); Back to credential-recovery-select. */
function FormStep() {
  const { t } = useTranslation();
  const { withQuery, go } = useKeepQuery();
  const saved = readForgotUsername();
  const [values, setValues] = useState<FormValues>({
    firstName: saved?.firstName ?? '',
    lastName: saved?.lastName ?? '',
    birthDate: saved?.birthDate ?? '',
  });
  const [touched, setTouched] = useState<Partial<Record<keyof FormValues, boolean>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const valid = [values.firstName, values.lastName, values.birthDate].every((value) => value.trim() !== '');

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || submitting) {
      return;
    }
    setSubmitting(true);
    setError(null);
    const lookup = { ...values, firstName: values.firstName.trim(), lastName: values.lastName.trim() };
    try {
      const found = await lookupUsername(lookup);
      const state: ForgotUsernameState = { ...lookup, ...found };
      saveForgotUsername(state);
      // spec 1 §4: both channels -> channel-step; one channel was chosen and used at once -> sent-info.
      await go(found.sent ? `${BASE}/sent-info-step` : `${BASE}/channel-step`);
    } catch (failure) {
      setError(serverErrorText(failure, t));
      setSubmitting(false);
    }
  };

  const field = (name: keyof FormValues, label: string, extra: Record<string, string> = {}) => (
    <TextField
      label={label}
      name={name}
      required
      maxLength={100}
      value={values[name]}
      onChange={(event) => {
        const { value } = event.currentTarget;
        setValues((current) => ({ ...current, [name]: value }));
        // spec 1 §4: error text clears on any input.
        setError(null);
      }}
      onBlur={() => {
        setTouched((current) => ({ ...current, [name]: true }));
      }}
      error={touched[name] && values[name].trim() === '' ? t('recovery.required') : null}
      {...extra}
    />
  );

  return (
    <form className="app-stack" onSubmit={(event) => void submit(event)} noValidate>
      <p className="app-muted">{t('recovery.step', { step: '1' })}</p>
      <p className="app-text">{t('recovery.username.intro')}</p>
      <FormMessage tone="error">{error}</FormMessage>
      {field('firstName', t('recovery.username.firstName'), { autoComplete: 'given-name' })}
      {field('lastName', t('recovery.username.lastName'), { autoComplete: 'family-name' })}
      {field('birthDate', t('recovery.username.birthDate'), {
        type: 'date',
        autoComplete: 'bday',
        min: '1900-01-01',
      })}
      <Button type="submit" disabled={!valid} loading={submitting} fullWidth>
        {t('recovery.next')}
      </Button>
      <ButtonLink to={withQuery('/guest/credential-recovery-select')} variant="outline" fullWidth>
        {t('recovery.back')}
      </ButtonLink>
    </form>
  );
}

/** Step 2 (guarded): both channels exist, the person chooses one. */
function ChannelStep({ state }: { state: ForgotUsernameState & { token: string } }) {
  const { t } = useTranslation();
  const { withQuery, go } = useKeepQuery();
  const [channel, setChannel] = useState<RecoveryChannel | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const options = [
    ...(state.phone
      ? [
          {
            value: 'sms' as const,
            label: t('recovery.username.textTo'),
            target: t('recovery.phoneEnding', { ending: state.phone }),
          },
        ]
      : []),
    ...(state.email
      ? [{ value: 'email' as const, label: t('recovery.username.emailTo'), target: state.email }]
      : []),
  ];

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!channel || submitting) {
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const sent = await sendUsername(state.token, channel);
      // The token stays: this route re-renders while the next one loads, and its guard reads it.
      saveForgotUsername({ ...state, sent });
      await go(`${BASE}/sent-info-step`);
    } catch (failure) {
      setError(recoveryErrorText(failure, t));
      setSubmitting(false);
    }
  };

  return (
    <form className="app-stack" onSubmit={(event) => void submit(event)} noValidate>
      <p className="app-muted">{t('recovery.step', { step: '2' })}</p>
      <FormMessage tone="error">{error}</FormMessage>
      <ChannelChoice
        legend={t('recovery.username.channelText')}
        options={options}
        value={channel}
        onChange={(value) => {
          setChannel(value);
          setError(null);
        }}
      />
      <Button type="submit" disabled={channel === null} loading={submitting} fullWidth>
        {t('recovery.next')}
      </Button>
      <ButtonLink to={withQuery(`${BASE}/form-step`)} variant="outline" fullWidth>
        {t('recovery.back')}
      </ButtonLink>
    </form>
  );
}

/** Step 3 (guarded): where the username went; phone endings show 4 digits (spec 1 §2, §9). */
function SentStep({ sent }: { sent: NonNullable<ForgotUsernameState['sent']> }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="app-muted">{t('recovery.step', { step: '3' })}</p>
      <SentInfo
        text={sent.channel === 'sms' ? t('recovery.username.sentSms') : t('recovery.username.sentEmail')}
        target={sent.target}
      />
    </>
  );
}

function CurrentStep() {
  const { pathname } = useLocation();
  const { withQuery } = useKeepQuery();
  const state = readForgotUsername();
  const first = <Navigate to={withQuery(`${BASE}/form-step`)} replace />;
  if (pathname.startsWith(`${BASE}/channel-step`)) {
    const token = state?.token;
    return state && token ? <ChannelStep state={{ ...state, token }} /> : first;
  }
  if (pathname.startsWith(`${BASE}/sent-info-step`)) {
    return state?.sent ? <SentStep sent={state.sent} /> : first;
  }
  return <FormStep />;
}

/** spec 1 §2 forgot-username: form-step, channel-step and sent-info-step (both guarded). */
export function ForgotUsernamePage() {
  const { t } = useTranslation();
  return (
    <div className="app-stack">
      <PageTitle>{t('recovery.username.title')}</PageTitle>
      <CurrentStep />
    </div>
  );
}
