import { useState, type SubmitEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  BOTH_QUESTION_AND_REPLY_TEXT,
  PASSWORDS_DO_NOT_MATCH_TEXT,
  SECURITY_ANSWER_MIN_TEXT,
  SECURITY_FIELD_MAX,
  SECURITY_PASSWORD_MIN_TEXT,
  securityFormSchema,
  type SecurityForm,
} from '@app/contracts/security';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { getSession, setSession } from '../../../lib/auth/session-store.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { CURRENT_USER_PATH } from '../../auth/api/get-current-user.ts';
import { useLogout } from '../../auth/api/logout-session.ts';
import { BOOKING_PARAMS, postLoginRedirect } from '../../auth/post-login-redirect.ts';
import {
  saveProviderPassword,
  saveProviderSecurityQuestion,
} from '../../provider-registration/api/provider-registration-api.ts';
import { savePatientPassword, savePatientSecurityQuestion } from '../api/recovery-api.ts';
import { serverErrorText } from '../recovery-error.ts';

type Field = keyof SecurityForm;
type SecurityMessageKey =
  | 'security.required'
  | 'security.passwordsDoNotMatch'
  | 'security.bothOrNeither'
  | 'security.answerLength'
  | 'security.patientHint';

/** The shared schema's messages, shown through the catalogue (spec 1 §5 wording in en). */
const MESSAGE_KEYS: Readonly<Record<string, SecurityMessageKey | undefined>> = {
  'This field is required.': 'security.required',
  [PASSWORDS_DO_NOT_MATCH_TEXT]: 'security.passwordsDoNotMatch',
  [BOTH_QUESTION_AND_REPLY_TEXT]: 'security.bothOrNeither',
  [SECURITY_ANSWER_MIN_TEXT]: 'security.answerLength',
  [SECURITY_PASSWORD_MIN_TEXT]: 'security.patientHint',
};

/**
 * spec 1 §2 Security page ({role}/security): a new password with confirmation when a reset is required,
 * a question and answer when it is empty (both or neither, spec 1 §5); Save clears the flags, stores
 * the user, then goes to a pending booking or to the root (spec 1 §4). Opened from the menu with
 * neither flag set, it offers both parts, each optional.
 */
export function SecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const logout = useLogout();
  const session = getSession();
  const user = session?.user;
  const isDoctor = user?.memberType === 'doctor';
  const passwordRequired = user?.isResetPasswordRequired ?? false;
  const questionRequired = user?.isSecurityQuestionEmpty ?? false;
  const neither = !passwordRequired && !questionRequired;
  const showPassword = passwordRequired || neither;
  const showQuestion = questionRequired || neither;

  const [values, setValues] = useState<SecurityForm>({
    newPassword: '',
    confirmPassword: '',
    question: '',
    answer: '',
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const parsed = securityFormSchema({ passwordRequired, questionRequired }).safeParse(values);
  const issues: Partial<Record<Field, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      issues[field] ??= issue.message;
    }
  }
  const fieldError = (field: Field): string | null => {
    // Both-or-neither is about the pair: shown once either of the two has been touched.
    const pairTouched = (field === 'question' || field === 'answer') && (touched.question || touched.answer);
    const message =
      touched[field] || (pairTouched && issues[field] === BOTH_QUESTION_AND_REPLY_TEXT)
        ? issues[field]
        : undefined;
    if (!message) {
      return null;
    }
    const key = MESSAGE_KEYS[message];
    if (key === 'security.patientHint' && isDoctor) {
      return t('security.doctorHint');
    }
    return key ? t(key) : message;
  };

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    setError(null);
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ newPassword: true, confirmPassword: true, question: true, answer: true });
    if (!parsed.success || submitting || !session || !user) {
      return;
    }
    const wantsPassword = parsed.data.newPassword !== '';
    const wantsQuestion = parsed.data.question.trim() !== '';
    setSubmitting(true);
    setError(null);
    try {
      if (wantsPassword) {
        await (isDoctor
          ? saveProviderPassword(user.id, parsed.data.newPassword)
          : savePatientPassword(parsed.data.newPassword));
      }
      if (wantsQuestion) {
        const question = parsed.data.question.trim();
        const answer = parsed.data.answer.trim();
        await (isDoctor
          ? saveProviderSecurityQuestion(user.id, question, answer)
          : savePatientSecurityQuestion(question, answer));
      }
      // spec 1 §4: clear the flags and store the user.
      const saved = {
        ...user,
        isResetPasswordRequired: wantsPassword ? false : user.isResetPasswordRequired,
        isSecurityQuestionEmpty: wantsQuestion ? false : user.isSecurityQuestionEmpty,
      };
      setSession({ ...session, user: saved });
      await queryClient.invalidateQueries({ queryKey: [CURRENT_USER_PATH] });
      const query = new URLSearchParams(search);
      const bookingPending = BOOKING_PARAMS.every((name) => query.has(name));
      const target = bookingPending
        ? postLoginRedirect({
            user: saved,
            variant: config.variant,
            search,
            urlAfterLogin: null,
            hasOutstandingBalance: false,
          })
        : '/';
      await navigate(target, { replace: true });
    } catch (failure) {
      // spec 1 §5: the server's error is shown as given.
      setError(serverErrorText(failure, t));
      setSubmitting(false);
    }
  };

  const blur = (field: Field) => () => {
    setTouched((current) => ({ ...current, [field]: true }));
  };

  return (
    <div className="app-stack">
      <PageTitle>{t('security.title')}</PageTitle>
      <form className="app-stack" onSubmit={(event) => void submit(event)} noValidate>
        <FormMessage tone="error">{error}</FormMessage>
        {showPassword ? (
          <fieldset className="app-stack app-fieldset">
            <legend>
              <h2 className="app-subtitle">{t('security.passwordHeading')}</h2>
            </legend>
            <PasswordField
              label={t('security.newPassword')}
              toggleLabel={t('security.showPassword')}
              name="newPassword"
              autoComplete="new-password"
              maxLength={SECURITY_FIELD_MAX}
              required={passwordRequired}
              description={isDoctor ? t('security.doctorHint') : t('security.patientHint')}
              value={values.newPassword}
              onChange={(event) => {
                change('newPassword', event.currentTarget.value);
              }}
              onBlur={blur('newPassword')}
              error={fieldError('newPassword')}
            />
            <PasswordField
              label={t('security.confirmPassword')}
              toggleLabel={t('security.showPassword')}
              name="confirmPassword"
              autoComplete="new-password"
              maxLength={SECURITY_FIELD_MAX}
              required={passwordRequired}
              value={values.confirmPassword}
              onChange={(event) => {
                change('confirmPassword', event.currentTarget.value);
              }}
              onBlur={blur('confirmPassword')}
              error={fieldError('confirmPassword')}
            />
          </fieldset>
        ) : null}
        {showQuestion ? (
          <fieldset className="app-stack app-fieldset">
            <legend>
              <h2 className="app-subtitle">{t('security.questionHeading')}</h2>
            </legend>
            <TextField
              label={t('security.question')}
              name="question"
              maxLength={SECURITY_FIELD_MAX}
              required={questionRequired}
              value={values.question}
              onChange={(event) => {
                change('question', event.currentTarget.value);
              }}
              onBlur={blur('question')}
              error={fieldError('question')}
            />
            <TextField
              label={t('security.answer')}
              name="answer"
              autoComplete="off"
              maxLength={SECURITY_FIELD_MAX}
              required={questionRequired}
              value={values.answer}
              onChange={(event) => {
                change('answer', event.currentTarget.value);
              }}
              onBlur={blur('answer')}
              error={fieldError('answer')}
            />
          </fieldset>
        ) : null}
        <Button type="submit" disabled={!parsed.success} loading={submitting} fullWidth>
          {t('security.save')}
        </Button>
      </form>
      {isDoctor ? (
        <Button
          variant="outline"
          fullWidth
          onClick={() => {
            void logout();
          }}
        >
          {t('security.logout')}
        </Button>
      ) : null}
    </div>
  );
}
