import { useState, type SubmitEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { useLazySchema, type Validator } from '../../../lib/forms/use-lazy-schema.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import {
  fieldErrorsOf,
  findProvider,
  registrationErrorText,
  requestRegistrationToken,
  sendPinCode,
} from '../api/provider-registration-api.ts';
import { forgetLookup, readLookup, saveLookup, type RegistrationLookup } from '../registration-lookup.ts';
import { usePinLoginSession } from '../use-pin-login-session.ts';

const BASE = '/guest/doctor-registration';

/**
 * spec 1 §4 Doctor registration: lookup, then send pin code, then the pin page. The lookup answered 300
 * goes to the options page; after a choice the lookup and the pin send repeat. A pin send answered 406
 * means the provider already has credentials: log in afresh (/guest/provider-login).
 */
function useLookupAndSend() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return async (
    lookup: RegistrationLookup,
    clinicUuid?: string,
  ): Promise<{ error: string; fields: Record<string, string> } | null> => {
    try {
      const outcome = await findProvider({ lastName: lookup.lastName, email: lookup.email, clinicUuid });
      if (outcome.kind === 'several') {
        saveLookup({ lastName: lookup.lastName, email: lookup.email, options: outcome.options });
        await navigate(`${BASE}/options`);
        return null;
      }
      await sendPinCode(outcome.providerId);
      saveLookup({ lastName: lookup.lastName, email: lookup.email, providerId: outcome.providerId });
      await navigate(`${BASE}/pin-code`);
      return null;
    } catch (failure) {
      if (isApiRequestError(failure) && failure.status === 406) {
        forgetLookup();
        await navigate('/guest/provider-login', { replace: true });
        return null;
      }
      const fields = fieldErrorsOf(failure);
      return {
        error:
          Object.keys(fields).length > 0
            ? ''
            : registrationErrorText(failure, t('providerRegistration.error')),
        fields,
      };
    }
  };
}

interface LookupValues {
  lastName: string;
  email: string;
}

const loadLookupSchema = (): Promise<Validator<LookupValues>> =>
  import('@app/contracts/provider-registration').then((contracts) => contracts.doctorLookupFormSchema);

function LookupStep() {
  const { t } = useTranslation();
  const lookupAndSend = useLookupAndSend();
  const { validator, prefetch } = useLazySchema(loadLookupSchema);
  const saved = readLookup();
  const [values, setValues] = useState<LookupValues>({
    lastName: saved?.lastName ?? '',
    email: saved?.email ?? '',
  });
  const [touched, setTouched] = useState({ lastName: false, email: false });
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const parsed = validator?.safeParse(values) ?? null;
  const fieldError = (field: keyof LookupValues): string | null => {
    const server = serverFields[field];
    if (server) {
      return server;
    }
    if (!touched[field] || validator === null) {
      return null;
    }
    if (values[field].trim() === '') {
      return t('doctorRegistration.required');
    }
    const other = { lastName: 'x', email: 'a@example.com', [field]: values[field] };
    return validator.safeParse(other).success ? null : t('doctorRegistration.invalidEmail');
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!parsed?.success || submitting) {
      return;
    }
    setSubmitting(true);
    setError(null);
    setServerFields({});
    const failure = await lookupAndSend(parsed.data);
    if (failure) {
      setError(failure.error || null);
      setServerFields(failure.fields);
      setSubmitting(false);
    }
  };

  const change = (field: keyof LookupValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerFields((current) => ({ ...current, [field]: '' }));
  };

  return (
    <div className="app-stack">
      <PageTitle>{t('doctorRegistration.title')}</PageTitle>
      <p className="app-text">{t('doctorRegistration.intro')}</p>
      <form
        className="app-stack"
        onSubmit={(event) => void submit(event)}
        onFocus={prefetch}
        onPointerDown={prefetch}
        noValidate
      >
        <FormMessage tone="error">{error}</FormMessage>
        <TextField
          label={t('doctorRegistration.lastName')}
          name="lastName"
          autoComplete="family-name"
          required
          value={values.lastName}
          onChange={(event) => {
            change('lastName', event.currentTarget.value);
          }}
          onBlur={() => {
            setTouched((current) => ({ ...current, lastName: true }));
          }}
          error={fieldError('lastName')}
        />
        <TextField
          label={t('doctorRegistration.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(event) => {
            change('email', event.currentTarget.value);
          }}
          onBlur={() => {
            setTouched((current) => ({ ...current, email: true }));
          }}
          error={fieldError('email')}
        />
        <Button type="submit" disabled={parsed?.success !== true} loading={submitting} fullWidth>
          {t('doctorRegistration.continue')}
        </Button>
      </form>
      <ButtonLink to="/guest/login" variant="outline" fullWidth>
        {t('doctorRegistration.back')}
      </ButtonLink>
    </div>
  );
}

function OptionsStep() {
  const { t } = useTranslation();
  const lookupAndSend = useLookupAndSend();
  const lookup = readLookup();
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (!lookup?.options?.length) {
    return <MissingLookup />;
  }

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // spec 1 §2: Continue needs a choice.
    if (!choice || submitting) {
      return;
    }
    setSubmitting(true);
    setError(null);
    const failure = await lookupAndSend(lookup, choice);
    if (failure) {
      setError(failure.error || Object.values(failure.fields)[0] || t('providerRegistration.error'));
      setSubmitting(false);
    }
  };

  return (
    <div className="app-stack">
      <PageTitle>{t('doctorRegistration.optionsTitle')}</PageTitle>
      <form className="app-stack" onSubmit={(event) => void submit(event)} noValidate>
        <FormMessage tone="error">{error}</FormMessage>
        <fieldset className="app-stack">
          <legend className="app-field__label">{t('doctorRegistration.optionsLegend')}</legend>
          {lookup.options.map((option) => (
            <label key={option.clinicUuid} className="app-text">
              <input
                type="radio"
                name="clinicUuid"
                value={option.clinicUuid}
                checked={choice === option.clinicUuid}
                onChange={() => {
                  setChoice(option.clinicUuid);
                }}
              />{' '}
              {option.title}
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={choice === null} loading={submitting} fullWidth>
          {t('doctorRegistration.continue')}
        </Button>
      </form>
      <ButtonLink to={BASE} variant="outline" fullWidth>
        {t('doctorRegistration.back')}
      </ButtonLink>
    </div>
  );
}

interface PinValues {
  pinCode: string;
}

const loadPinSchema = (): Promise<Validator<PinValues>> =>
  import('@app/contracts/provider-registration').then((contracts) => contracts.pinCodeFormSchema);

function PinStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useAppConfig();
  const storeSession = usePinLoginSession();
  const { validator, prefetch } = useLazySchema(loadPinSchema);
  const lookup = readLookup();
  const [pinCode, setPinCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const providerId = lookup?.providerId;
  if (!providerId) {
    return <MissingLookup />;
  }
  const parsed = validator?.safeParse({ pinCode }) ?? null;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!parsed?.success || submitting) {
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const tokens = await requestRegistrationToken({
        grant_type: 'pin_code',
        client_id: config.clientId,
        provider_id: providerId,
        pin_code: parsed.data.pinCode,
      });
      await storeSession(tokens);
      forgetLookup();
      // spec 1 §4: pin login leads to provider/auth-data (not the post-login redirect order).
      await navigate('/provider/auth-data', { replace: true });
    } catch (failure) {
      // spec 1 §8: pin login errors show the server's error text.
      setError(registrationErrorText(failure, t('providerRegistration.error')));
      setSubmitting(false);
    }
  };

  return (
    <div className="app-stack">
      <PageTitle>{t('doctorRegistration.pinTitle')}</PageTitle>
      <FormMessage tone="success">{t('doctorRegistration.pinSent')}</FormMessage>
      <form
        className="app-stack"
        onSubmit={(event) => void submit(event)}
        onFocus={prefetch}
        onPointerDown={prefetch}
        noValidate
      >
        <FormMessage tone="error">{error}</FormMessage>
        <TextField
          label={t('doctorRegistration.pinCode')}
          name="pinCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={pinCode}
          onChange={(event) => {
            setPinCode(event.currentTarget.value);
          }}
          onBlur={() => {
            setTouched(true);
          }}
          error={
            touched && validator !== null && !parsed?.success ? t('doctorRegistration.pinInvalid') : null
          }
        />
        <Button type="submit" disabled={parsed?.success !== true} loading={submitting} fullWidth>
          {t('doctorRegistration.continue')}
        </Button>
      </form>
      <ButtonLink to={BASE} variant="outline" fullWidth>
        {t('doctorRegistration.back')}
      </ButtonLink>
    </div>
  );
}

function MissingLookup() {
  const { t } = useTranslation();
  return (
    <div className="app-stack">
      <PageTitle>{t('doctorRegistration.title')}</PageTitle>
      <p className="app-text">{t('doctorRegistration.missingLookup')}</p>
      <ButtonLink to={BASE} fullWidth>
        {t('doctorRegistration.back')}
      </ButtonLink>
    </div>
  );
}

/** spec 1 §2 Doctor registration with pin code: one component for the three guest paths. */
export function DoctorRegistrationPage() {
  const { pathname } = useLocation();
  if (pathname.startsWith(`${BASE}/options`)) {
    return <OptionsStep />;
  }
  if (pathname.startsWith(`${BASE}/pin-code`)) {
    return <PinStep />;
  }
  return <LookupStep />;
}
