import { useState, type SubmitEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClinicLoginForm } from '@app/contracts/clinic-login';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useLazySchema, type Validator } from '../../../lib/forms/use-lazy-schema.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { useCompleteLogin } from '../../auth/use-complete-login.ts';
import { registrationErrorText, requestRegistrationToken } from '../api/provider-registration-api.ts';

const loadSchema = (): Promise<Validator<ClinicLoginForm>> =>
  import('@app/contracts/clinic-login').then((contracts) => contracts.clinicLoginFormSchema);

/** spec 1 §2 Clinic login: Clinic Id and Master Password; the clinic id is sent as a number (§5). */
export function ClinicLoginPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const location = useLocation();
  const completeLogin = useCompleteLogin();
  const { validator, prefetch } = useLazySchema(loadSchema);
  const [clinicId, setClinicId] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ clinicId: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const parsed = validator?.safeParse({ clinicId, password }) ?? null;
  const idInvalid = validator !== null && !validator.safeParse({ clinicId, password: 'x' }).success;
  const passwordInvalid = password.length === 0;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!parsed?.success || submitting) {
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const tokens = await requestRegistrationToken({
        grant_type: 'clinic_password',
        client_id: config.clientId,
        clinic_id: parsed.data.clinicId,
        password: parsed.data.password,
      });
      await completeLogin(tokens, { search: location.search });
    } catch (failure) {
      // spec 1 §8: clinic login errors show the server's error text.
      setError(registrationErrorText(failure, t('providerRegistration.error')));
      setSubmitting(false);
    }
  };

  return (
    <div className="app-stack">
      <PageTitle>{t('clinicLogin.title')}</PageTitle>
      <form
        className="app-stack"
        onSubmit={(event) => void submit(event)}
        onFocus={prefetch}
        onPointerDown={prefetch}
        noValidate
      >
        <FormMessage tone="error">{error}</FormMessage>
        <TextField
          label={t('clinicLogin.clinicId')}
          name="clinicId"
          inputMode="numeric"
          autoComplete="off"
          required
          value={clinicId}
          onChange={(event) => {
            setClinicId(event.currentTarget.value);
          }}
          onBlur={() => {
            setTouched((current) => ({ ...current, clinicId: true }));
          }}
          error={touched.clinicId && idInvalid ? t('clinicLogin.invalidId') : null}
        />
        <PasswordField
          label={t('clinicLogin.password')}
          toggleLabel={t('providerRegistration.showPassword')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
          }}
          onBlur={() => {
            setTouched((current) => ({ ...current, password: true }));
          }}
          error={touched.password && passwordInvalid ? t('providerRegistration.required') : null}
        />
        <Button type="submit" disabled={parsed?.success !== true} loading={submitting} fullWidth>
          {t('clinicLogin.submit')}
        </Button>
      </form>
      <ButtonLink to="/guest/login" variant="outline" fullWidth>
        {t('clinicLogin.back')}
      </ButtonLink>
    </div>
  );
}
