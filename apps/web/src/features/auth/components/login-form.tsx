import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useLazySchema, type Validator } from '../../../lib/forms/use-lazy-schema.ts';

export interface LoginFormValues {
  username: string;
  password: string;
}

interface LoginFormProps {
  submitting: boolean;
  /** The server's error text (spec 1 §2: shown in an alert). */
  error: string | null;
  onSubmit: (values: LoginFormValues) => void;
  /** The contract's loginFormSchema; injectable for tests. */
  loadSchema?: () => Promise<Validator<LoginFormValues>>;
}

type Field = keyof LoginFormValues;

const loadLoginSchema = () => import('@app/contracts/auth').then((contracts) => contracts.loginFormSchema);

/** spec 1 §2, §5: Username and Password, both required; Log in disabled while pristine or invalid. */
export function LoginForm({ submitting, error, onSubmit, loadSchema = loadLoginSchema }: LoginFormProps) {
  const { t } = useTranslation();
  const { validator, prefetch } = useLazySchema(loadSchema);
  const [values, setValues] = useState<LoginFormValues>({ username: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, password: false });
  const [dirty, setDirty] = useState(false);

  const parsed = validator?.safeParse(values) ?? null;
  const valid = parsed?.success === true;
  // Which fields break the schema: each field checked with the other one filled.
  const fieldInvalid = (field: Field) =>
    validator !== null &&
    !validator.safeParse({ username: 'x', password: 'x', [field]: values[field] }).success;
  const fieldError = (field: Field) => (touched[field] && fieldInvalid(field) ? t('login.required') : null);

  const change = (field: Field, value: string) => {
    setDirty(true);
    setValues((current) => ({ ...current, [field]: value }));
  };
  const touch = (field: Field) => {
    setTouched((current) => ({ ...current, [field]: true }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (parsed?.success && dirty && !submitting) {
      onSubmit(parsed.data);
    }
  };

  return (
    <form className="app-stack" onSubmit={submit} onFocus={prefetch} onPointerDown={prefetch} noValidate>
      <FormMessage tone="error">{error}</FormMessage>
      <TextField
        label={t('login.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.username}
        onChange={(event) => {
          change('username', event.currentTarget.value);
        }}
        onBlur={() => {
          touch('username');
        }}
        error={fieldError('username')}
      />
      <PasswordField
        label={t('login.password')}
        toggleLabel={t('login.showPassword')}
        name="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={(event) => {
          change('password', event.currentTarget.value);
        }}
        onBlur={() => {
          touch('password');
        }}
        error={fieldError('password')}
      />
      <Button type="submit" disabled={!dirty || !valid} loading={submitting} fullWidth>
        {t('login.submit')}
      </Button>
    </form>
  );
}
