import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { twoFactorCodeFormSchema } from '@app/contracts/auth';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';

interface TwoFactorFormProps {
  submitting: boolean;
  resending: boolean;
  /** Red area: the server's error text. */
  error: string | null;
  /** Green area, e.g. 'Code has been sent'. */
  success: string | null;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onCancel: () => void;
  /** 'app': the code comes from an authenticator app (decision 0012): its own text, nothing to resend. */
  codeSource?: 'sent' | 'app';
}

/** Keeps digits only, at most 6 (spec 1 §5: digits only, exactly 6). */
export function sanitizeCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/**
 * spec 1 §2 two-factor login form: title, text, 'VERIFICATION CODE:' field, 'Send a New Code',
 * 'Cancel', NEXT (disabled while invalid or untouched, spec 1 §5), a red error and a green success area.
 * It emits login, send-new-code or cancel (spec 1 §4).
 */
export function TwoFactorForm({
  submitting,
  resending,
  error,
  success,
  onSubmit,
  onResend,
  onCancel,
  codeSource = 'sent',
}: TwoFactorFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const valid = twoFactorCodeFormSchema.safeParse({ code }).success;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (valid && !submitting) {
      onSubmit(code);
    }
  };

  return (
    <form className="app-stack" onSubmit={submit} noValidate aria-labelledby="two-factor-title">
      <PageTitle id="two-factor-title">{t('twoFactor.title')}</PageTitle>
      <p className="app-text" id="two-factor-text">
        {codeSource === 'app' ? t('totp.loginText') : t('twoFactor.text')}
      </p>
      <FormMessage tone="error">{error}</FormMessage>
      <FormMessage tone="success">{success}</FormMessage>
      <TextField
        label={t('twoFactor.codeLabel')}
        placeholder={t('twoFactor.placeholder')}
        name="code"
        // spec 1 §5: telephone keypad on phones, one-time-code autofill.
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="one-time-code"
        maxLength={6}
        required
        value={code}
        onChange={(event) => {
          setCode(sanitizeCode(event.currentTarget.value));
        }}
      />
      <Button type="submit" disabled={!valid} loading={submitting} fullWidth>
        {t('twoFactor.next')}
      </Button>
      <div className="app-row app-row--between">
        {codeSource === 'sent' ? (
          <button type="button" className="app-link app-link-button" onClick={onResend} disabled={resending}>
            {t('twoFactor.resend')}
          </button>
        ) : null}
        <button type="button" className="app-link app-link-button" onClick={onCancel}>
          {t('twoFactor.cancel')}
        </button>
      </div>
    </form>
  );
}
