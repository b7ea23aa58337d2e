import './sign-up.css';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  MIN_BIRTHDATE,
  MOBILE_PHONE_MASK,
  SIGN_UP_MESSAGES,
  SIGN_UP_PASSWORD_MAX,
  SIGN_UP_PATHS,
  SIGN_UP_STEPS,
  SIGN_UP_TEXT_MAX,
  type GenderId,
  type SignUpFormValues,
  type SignUpMessageKey,
  type SignUpStep,
} from '@app/contracts/sign-up-texts';
import type * as SignUpContracts from '@app/contracts/sign-up';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { processLoginData } from '../../../lib/auth/login-data.ts';
import { sessionFromTokens, setSession } from '../../../lib/auth/session-store.ts';
import { forgetUrlAfterLogin, readUrlAfterLogin } from '../../../lib/auth/url-after-login.ts';
import { writeItem } from '../../../lib/storage/browser-storage.ts';
import { LOCAL_KEYS } from '../../../lib/storage/storage-keys.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import {
  checkUser,
  createFailureOf,
  createUser,
  fetchGenders,
  saveSecurityData,
  validateMobilePhone,
} from '../api/sign-up-api.ts';
import { signUpOriginOf, signUpRedirect } from '../sign-up-redirect.ts';

type Rules = typeof SignUpContracts;
type Field = keyof SignUpFormValues;
type FieldErrors = Partial<Record<Field, string>>;

const EMPTY: SignUpFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  mobilePhone: '',
  birthdate: '',
  gender: '',
  username: '',
  password: '',
  confirmPassword: '',
  securityQuestion: '',
  securityAnswer: '',
  terms: false,
};

const STEP_FIELDS: Record<SignUpStep, readonly Field[]> = {
  name: ['firstName', 'lastName'],
  info: ['email', 'mobilePhone', 'birthdate', 'gender'],
  login: ['username', 'password', 'confirmPassword'],
  create: ['securityQuestion', 'securityAnswer', 'terms'],
};

/** The step a field is asked on, to go back to it when the server finds fault with it. */
function stepOfField(field: string): SignUpStep | undefined {
  return SIGN_UP_STEPS.find((step) => (STEP_FIELDS[step] as readonly string[]).includes(field));
}

/** spec 1 §2 mask (000)000-0000, built up as the digits are typed. */
function maskPhone(digits: string): string {
  if (digits.length === 0) {
    return '';
  }
  if (digits.length <= 3) {
    return `(${digits}`;
  }
  if (digits.length <= 6) {
    return `(${digits.slice(0, 3)})${digits.slice(3)}`;
  }
  return `(${digits.slice(0, 3)})${digits.slice(3, 6)}-${digits.slice(6, 10)}`;
}

const MESSAGE_KEYS = new Map<string, SignUpMessageKey>(
  Object.entries(SIGN_UP_MESSAGES).map(([key, text]) => [text, key as SignUpMessageKey]),
);

function todayLocal(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The first message per field of the step's contract schema (spec 1 §5). */
function stepErrors(rules: Rules, step: SignUpStep, values: SignUpFormValues): FieldErrors {
  const result = rules.signUpStepSchemas[step].safeParse(values);
  const errors: FieldErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in EMPTY) {
        errors[field as Field] ??= issue.message;
      }
    }
  }
  return errors;
}

type PhoneCheck = Record<string, boolean | undefined>;

/** spec 1 §2 Sign-up wizard: name 1/4, info 2/4, login 3/4, create 4/4. */
export function SignUpPage() {
  const { t, i18n } = useTranslation();
  const config = useAppConfig();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [rules, setRules] = useState<Rules | null>(null);
  const [step, setStep] = useState<SignUpStep>('name');
  const [values, setValues] = useState<SignUpFormValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [phoneChecks, setPhoneChecks] = useState<PhoneCheck>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [userExists, setUserExists] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);

  // Each step is announced: focus moves to its heading (not on the first render: PageTitle has it).
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [step]);

  // The rules (and zod) come with the wizard, not with the first page (decision 0006).
  useEffect(() => {
    let live = true;
    void import('@app/contracts/sign-up').then((loaded) => {
      if (live) {
        setRules(loaded);
      }
    });
    return () => {
      live = false;
    };
  }, []);

  // spec 1 §2: the gender list is loaded asynchronously.
  const genders = useQuery({
    queryKey: [SIGN_UP_PATHS.genders],
    queryFn: fetchGenders,
    staleTime: Infinity,
    meta: { url: SIGN_UP_PATHS.genders, loader: false, errorBanner: false },
  });

  // spec 1 §5: the mobile phone is checked against the public phone check once it is complete.
  const phoneDigits = values.mobilePhone;
  const phoneVerdict = phoneChecks[phoneDigits];
  useEffect(() => {
    if (phoneDigits.length !== 10 || phoneVerdict !== undefined) {
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      validateMobilePhone(phoneDigits, controller.signal).then(
        (valid) => {
          setPhoneChecks((current) => ({ ...current, [phoneDigits]: valid }));
        },
        () => {
          // Unreachable or limited: the user check and the create validate the number again.
          if (!controller.signal.aborted) {
            setPhoneChecks((current) => ({ ...current, [phoneDigits]: true }));
          }
        },
      );
    }, 250);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [phoneDigits, phoneVerdict]);

  const index = SIGN_UP_STEPS.indexOf(step);
  const errors: FieldErrors = rules ? stepErrors(rules, step, values) : {};
  if (step === 'info' && !errors.mobilePhone && phoneDigits.length === 10 && phoneVerdict === false) {
    errors.mobilePhone = SIGN_UP_MESSAGES.mobilePhoneInvalid;
  }
  const phonePending = step === 'info' && phoneDigits.length === 10 && phoneVerdict === undefined;
  const stepFields = STEP_FIELDS[step];
  const hasErrors =
    rules === null ||
    phonePending ||
    stepFields.some((field) => errors[field] !== undefined || serverErrors[field] !== undefined) ||
    userExists;

  const translate = (message: string): string => {
    const key = MESSAGE_KEYS.get(message);
    return key ? t(`signUp.error.${key}`) : message;
  };
  const errorOf = (field: Field): string | null => {
    const server = serverErrors[field];
    if (server) {
      return translate(server);
    }
    const local = errors[field];
    return touched[field] && local ? translate(local) : null;
  };

  const change = <K extends Field>(field: K, value: SignUpFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
    setFailure(null);
    if (stepOfField(field) === 'name' || stepOfField(field) === 'info') {
      setUserExists(false);
    }
  };
  const touch = (field: Field) => {
    setTouched((current) => ({ ...current, [field]: true }));
  };
  const text = (field: Field) => ({
    name: field,
    value: values[field] as string,
    onChange: (event: { currentTarget: { value: string } }) => {
      change(field, event.currentTarget.value);
    },
    onBlur: () => {
      touch(field);
    },
    error: errorOf(field),
  });

  const identity = () => ({
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    mobilePhone: values.mobilePhone,
    birthdate: values.birthdate,
  });

  /** spec 1 §4: the user-check call; false when the wizard must stay (with the error shown). */
  const userCheckPasses = async (withUsername: boolean): Promise<boolean> => {
    try {
      const answer = await checkUser({
        ...identity(),
        ...(withUsername ? { username: values.username } : {}),
      });
      if (answer.userExists && answer.username) {
        setServerErrors((current) => ({ ...current, username: answer.username }));
        setStep('login');
        return false;
      }
      if (answer.userExists) {
        setUserExists(true);
        return false;
      }
      return true;
    } catch (error) {
      return showCreateFailure(error);
    }
  };

  /** Field errors go on their fields (on their step); anything else is the generic text. */
  const showCreateFailure = (error: unknown): false => {
    const outcome = createFailureOf(error);
    switch (outcome.kind) {
      case 'userExists':
        setUserExists(true);
        break;
      case 'fields': {
        setServerErrors(outcome.fields);
        const first = SIGN_UP_STEPS.find((candidate) =>
          Object.keys(outcome.fields).some((field) => stepOfField(field) === candidate),
        );
        if (first) {
          setStep(first);
        }
        break;
      }
      case 'other':
        setFailure(t('signUp.failed'));
        break;
    }
    return false;
  };

  const finish = async () => {
    const origin = signUpOriginOf(search);
    const created = await createUser({
      ...identity(),
      username: values.username,
      password: values.password,
      gender: values.gender as GenderId,
      terms: true,
      ...(origin ? { origin } : {}),
    });
    // spec 1 §4: log in with the returned token, process the user, save the security data, set the
    // messagingWarning flag, redirect.
    setSession(sessionFromTokens(created.token));
    processLoginData(created.token.user, { twoFactorPending: false, currentPath: window.location.pathname });
    let target = signUpRedirect({
      variant: config.variant,
      hint: created.redirectTo,
      search,
      urlAfterLogin: readUrlAfterLogin(),
    });
    // Used up, as after a login (use-complete-login.ts).
    forgetUrlAfterLogin();
    try {
      await saveSecurityData({ question: values.securityQuestion, answer: values.securityAnswer });
    } catch {
      // The account exists and is logged in; the security page asks again (post-login rule 1).
      target = `/user/security${search}`;
    }
    writeItem('local', LOCAL_KEYS.messagingWarning, 'true');
    await navigate(target, { replace: true });
  };

  const next = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (hasErrors || busy) {
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      switch (step) {
        case 'name':
          setStep('info');
          break;
        case 'info':
          if (await userCheckPasses(false)) {
            setStep('login');
          }
          break;
        case 'login':
          if (await userCheckPasses(true)) {
            setStep('create');
          }
          break;
        case 'create':
          await finish();
          return;
      }
    } catch (error) {
      showCreateFailure(error);
    }
    setBusy(false);
  };

  const back = () => {
    const previous = SIGN_UP_STEPS[index - 1];
    if (previous) {
      setFailure(null);
      setStep(previous);
    }
  };

  const genderLabel = (id: string, name: string) =>
    i18n.exists(`signUp.gender.${id}`) ? t(`signUp.gender.${id}` as 'signUp.gender.x') : name;

  return (
    <div className="app-stack">
      <PageTitle>{t('signUp.title')}</PageTitle>
      <form className="app-stack" onSubmit={(event) => void next(event)} noValidate>
        <div className="sign-up__heading">
          <h2 className="sign-up__step-title" ref={stepHeading} tabIndex={-1}>
            {t(`signUp.step.${step}`)}
          </h2>
          <p
            className="sign-up__counter"
            aria-label={t('signUp.counterLabel', {
              step: String(index + 1),
              total: String(SIGN_UP_STEPS.length),
            })}
          >
            {t('signUp.counter', { step: String(index + 1), total: String(SIGN_UP_STEPS.length) })}
          </p>
        </div>
        <FormMessage tone="error">
          {userExists ? (
            <Trans
              i18nKey="signUp.error.userExists"
              components={[<Link key="login" className="app-link" to={`/guest/login${search}`} />]}
            />
          ) : (
            failure
          )}
        </FormMessage>

        {step === 'name' ? (
          <>
            <TextField
              label={t('signUp.firstName')}
              autoComplete="given-name"
              required
              maxLength={SIGN_UP_TEXT_MAX}
              {...text('firstName')}
            />
            <TextField
              label={t('signUp.lastName')}
              autoComplete="family-name"
              required
              maxLength={SIGN_UP_TEXT_MAX}
              {...text('lastName')}
            />
          </>
        ) : null}

        {step === 'info' ? (
          <>
            <p className="app-text app-muted">{t('signUp.contactHint')}</p>
            <TextField
              label={t('signUp.email')}
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              {...text('email')}
            />
            <TextField
              label={t('signUp.mobilePhone')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder={MOBILE_PHONE_MASK}
              {...text('mobilePhone')}
              value={maskPhone(values.mobilePhone)}
              onChange={(event) => {
                change('mobilePhone', event.currentTarget.value.replace(/\D/g, '').slice(0, 10));
              }}
              description={phonePending ? t('signUp.checkingPhone') : undefined}
              // A failed phone check is shown at once: the person has finished typing the number.
              error={
                errorOf('mobilePhone') ??
                (phoneVerdict === false ? translate(SIGN_UP_MESSAGES.mobilePhoneInvalid) : null)
              }
            />
            <TextField
              label={t('signUp.birthdate')}
              type="date"
              autoComplete="bday"
              required
              min={MIN_BIRTHDATE}
              max={todayLocal()}
              {...text('birthdate')}
            />
            <SelectField
              label={t('signUp.gender')}
              name="gender"
              value={values.gender}
              disabled={!genders.data}
              onChange={(value) => {
                change('gender', value);
                touch('gender');
              }}
              onBlur={() => {
                touch('gender');
              }}
              error={genders.isError ? t('signUp.genderFailed') : errorOf('gender')}
              placeholder={genders.data ? t('signUp.genderChoose') : t('signUp.genderLoading')}
              options={(genders.data ?? []).map((gender) => ({
                value: gender.id,
                label: genderLabel(gender.id, gender.name),
              }))}
            />
          </>
        ) : null}

        {step === 'login' ? (
          <>
            <TextField
              label={t('signUp.username')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={SIGN_UP_TEXT_MAX}
              {...text('username')}
            />
            <PasswordField
              label={t('signUp.password')}
              toggleLabel={t('signUp.showPassword')}
              autoComplete="new-password"
              required
              maxLength={SIGN_UP_PASSWORD_MAX + 1}
              description={t('signUp.passwordHint')}
              {...text('password')}
            />
            <PasswordField
              label={t('signUp.confirmPassword')}
              toggleLabel={t('signUp.showPassword')}
              autoComplete="new-password"
              required
              maxLength={SIGN_UP_PASSWORD_MAX + 1}
              {...text('confirmPassword')}
              // spec 1 §5: the mismatch shows once either field is touched.
              error={
                errorOf('confirmPassword') ??
                (touched.password && values.confirmPassword !== '' && errors.confirmPassword
                  ? translate(errors.confirmPassword)
                  : null)
              }
            />
          </>
        ) : null}

        {step === 'create' ? (
          <>
            <TextField
              label={t('signUp.securityQuestion')}
              required
              maxLength={SIGN_UP_TEXT_MAX}
              {...text('securityQuestion')}
            />
            <TextField
              label={t('signUp.securityAnswer')}
              autoComplete="off"
              required
              maxLength={SIGN_UP_TEXT_MAX}
              {...text('securityAnswer')}
            />
            <CheckboxField
              label={t('signUp.terms')}
              name="terms"
              checked={values.terms}
              onChange={(checked) => {
                change('terms', checked);
                touch('terms');
              }}
              error={errorOf('terms')}
            />
          </>
        ) : null}

        <div className="app-row app-row--between">
          {index === 0 ? (
            <Link className="app-button app-button--outline" to="/guest/login">
              {t('signUp.back')}
            </Link>
          ) : (
            <Button variant="outline" onClick={back} disabled={busy}>
              {t('signUp.back')}
            </Button>
          )}
          <Button type="submit" disabled={hasErrors} loading={busy}>
            {step === 'create' ? t('signUp.create') : t('signUp.next')}
          </Button>
        </div>
      </form>
    </div>
  );
}

interface SelectFieldProps {
  label: string;
  name: string;
  value: string;
  placeholder: string;
  options: { value: string; label: string }[];
  disabled: boolean;
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** A labelled native select in the look of TextField (no Mantine on guest screens, decision 0006). */
function SelectField({
  label,
  name,
  value,
  placeholder,
  options,
  disabled,
  error,
  onChange,
  onBlur,
}: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="app-field">
      <label className="app-field__label" htmlFor={id}>
        {label}
      </label>
      <div className={error ? 'app-field__box app-field__box--invalid' : 'app-field__box'}>
        <select
          id={id}
          name={name}
          className="app-field__input sign-up__select"
          value={value}
          disabled={disabled}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            onChange(event.currentTarget.value);
          }}
          onBlur={onBlur}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p className="app-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface CheckboxFieldProps {
  label: string;
  name: string;
  checked: boolean;
  error: string | null;
  onChange: (checked: boolean) => void;
}

function CheckboxField({ label, name, checked, error, onChange }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="app-field">
      <div className="sign-up__checkbox">
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            onChange(event.currentTarget.checked);
          }}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error ? (
        <p className="app-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
