import { useState, type SubmitEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { getSession } from '../../../lib/auth/session-store.ts';
import { currentUserQueryOptions } from '../../auth/api/get-current-user.ts';
import {
  fieldErrorsOf,
  saveProviderPassword,
  saveProviderSecurityQuestion,
  saveProviderUsername,
} from '../api/provider-registration-api.ts';

const MIN_PASSWORD = 8;

/** spec 1 §8 Provider registration: 409 -> 'This username is already in use'; other detail; else 'Error'. */
function useErrorText() {
  const { t } = useTranslation();
  return (failure: unknown): string => {
    if (isApiRequestError(failure) && failure.status === 409) {
      return t('providerRegistration.usernameInUse');
    }
    if (isApiRequestError(failure) && typeof failure.body === 'object' && failure.body !== null) {
      const body = failure.body as { message?: unknown; errors?: { detail?: unknown }[] };
      const detail = body.errors?.[0]?.detail ?? body.message;
      if (typeof detail === 'string' && detail.trim()) {
        return detail;
      }
    }
    return t('providerRegistration.error');
  };
}

function AuthDataStep({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // spec 1 §5: submit disabled unless passwords match and the password is at least 8 characters.
  const matches = password === confirm;
  const valid = username.trim() !== '' && password.length >= MIN_PASSWORD && matches;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || submitting) {
      return;
    }
    setSubmitting(true);
    setError(null);
    setFields({});
    try {
      await saveProviderUsername(userId, username.trim());
      await saveProviderPassword(userId, password);
      await navigate('/provider/security-question');
    } catch (failure) {
      const serverFields = fieldErrorsOf(failure);
      const mapped: Record<string, string> = {};
      if (serverFields.username) {
        mapped.username = serverFields.username;
      }
      if (serverFields.newPassword) {
        mapped.password = serverFields.newPassword;
      }
      setFields(mapped);
      setError(errorText(failure));
      setSubmitting(false);
    }
  };

  return (
    <div className="app-stack">
      <PageTitle>{t('providerRegistration.authDataTitle')}</PageTitle>
      <p className="app-text">{t('providerRegistration.ehrNote')}</p>
      <form className="app-stack" onSubmit={(event) => void submit(event)} noValidate>
        <FormMessage tone="error">{error}</FormMessage>
        <TextField
          label={t('providerRegistration.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(event) => {
            setUsername(event.currentTarget.value);
          }}
          error={fields.username ?? null}
        />
        <PasswordField
          label={t('providerRegistration.password')}
          toggleLabel={t('providerRegistration.showPassword')}
          name="password"
          autoComplete="new-password"
          maxLength={100}
          required
          description={t('providerRegistration.passwordHint')}
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
          }}
          error={fields.password ?? null}
        />
        <PasswordField
          label={t('providerRegistration.confirmPassword')}
          toggleLabel={t('providerRegistration.showPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          maxLength={100}
          required
          value={confirm}
          onChange={(event) => {
            setConfirm(event.currentTarget.value);
          }}
          error={confirm !== '' && !matches ? t('providerRegistration.mismatch') : null}
        />
        <Button type="submit" disabled={!valid} loading={submitting} fullWidth>
          {t('providerRegistration.next')}
        </Button>
      </form>
    </div>
  );
}

function SecurityQuestionStep({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const valid = question.trim() !== '' && answer.trim() !== '';

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || submitting) {
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await saveProviderSecurityQuestion(userId, question.trim(), answer.trim());
      const me = await queryClient.query({ ...currentUserQueryOptions(), staleTime: 0 });
      // spec 1 §2: provider/message with the MESSAGE permission, else provider/appointments.
      const target = me.providerPermissions.includes('MESSAGE')
        ? '/provider/message'
        : '/provider/appointments';
      await navigate(target, { replace: true });
    } catch (failure) {
      setError(errorText(failure));
      setSubmitting(false);
    }
  };

  return (
    <div className="app-stack">
      <PageTitle>{t('providerRegistration.questionTitle')}</PageTitle>
      <form className="app-stack" onSubmit={(event) => void submit(event)} noValidate>
        <FormMessage tone="error">{error}</FormMessage>
        <TextField
          label={t('providerRegistration.question')}
          name="question"
          required
          maxLength={100}
          value={question}
          onChange={(event) => {
            setQuestion(event.currentTarget.value);
          }}
        />
        <TextField
          label={t('providerRegistration.answer')}
          name="answer"
          required
          maxLength={100}
          value={answer}
          onChange={(event) => {
            setAnswer(event.currentTarget.value);
          }}
        />
        <Button type="submit" disabled={!valid} loading={submitting} fullWidth>
          {t('providerRegistration.save')}
        </Button>
      </form>
    </div>
  );
}

/** spec 1 §2 Provider self-registration: provider/auth-data (step 1), provider/security-question (step 2). */
export function ProviderRegistrationPage() {
  const { pathname } = useLocation();
  const userId = getSession()?.user.id ?? '';
  return pathname.endsWith('/security-question') ? (
    <SecurityQuestionStep userId={userId} />
  ) : (
    <AuthDataStep userId={userId} />
  );
}
