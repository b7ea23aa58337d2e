import { useState, type SubmitEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { PatientClinic, PatientCreateRequest } from '@app/contracts/patients';
import {
  GENDERS,
  MIN_BIRTHDATE,
  MOBILE_PHONE_MASK,
  SIGN_UP_MESSAGES,
  SIGN_UP_TEXT_MAX,
  type SignUpMessageKey,
} from '@app/contracts/sign-up-texts';
import { PATIENT_PATHS } from '@app/contracts/patient-texts';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { DEFAULT_ROUTES } from '../../../lib/auth/default-routes.ts';
import { errorText } from '../../account-settings/error-text.ts';
import { useSessionRole, useSwitchToPatient } from '../../patient-switch/use-patient-switch.ts';
import { createPatient, listPatientClinics } from '../api/patient-api.ts';

const FIELDS = ['firstName', 'lastName', 'birthdate', 'gender', 'mobilePhone', 'email'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string>>;

const EMPTY: Values = { firstName: '', lastName: '', birthdate: '', gender: '', mobilePhone: '', email: '' };

const MESSAGE_KEYS = new Map<string, SignUpMessageKey>(
  Object.entries(SIGN_UP_MESSAGES).map(([key, text]) => [text, key as SignUpMessageKey]),
);

/** spec 1 §2 mask (000)000-0000, built up as the digits are typed. */
function maskPhone(digits: string): string {
  if (digits.length <= 3) {
    return digits.length ? `(${digits}` : '';
  }
  if (digits.length <= 6) {
    return `(${digits.slice(0, 3)})${digits.slice(3)}`;
  }
  return `(${digits.slice(0, 3)})${digits.slice(3, 6)}-${digits.slice(6, 10)}`;
}

function todayLocal(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The first message per field of the contract schema (the sign-up rules of spec 1 §5). */
async function validate(values: Values): Promise<{ errors: FieldErrors; data: PatientCreateRequest | null }> {
  const { patientCreateRequestSchema } = await import('@app/contracts/patients');
  const result = patientCreateRequestSchema.safeParse(values);
  const errors: FieldErrors = {};
  if (result.success) {
    return { errors, data: result.data };
  } else {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && (FIELDS as readonly string[]).includes(field)) {
        errors[field as Field] ??= issue.message;
      }
    }
  }
  return { errors, data: null };
}

/** Field messages the server sent back (errors[].field), e.g. a mobile phone that is not a US mobile. */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiRequestError(error) || typeof error.body !== 'object' || error.body === null) {
    return {};
  }
  const list = (error.body as { errors?: unknown }).errors;
  const errors: FieldErrors = {};
  if (Array.isArray(list)) {
    for (const item of list as { field?: unknown; detail?: unknown }[]) {
      if (typeof item.field === 'string' && typeof item.detail === 'string') {
        if ((FIELDS as readonly string[]).includes(item.field)) {
          errors[item.field as Field] ??= item.detail;
        }
      }
    }
  }
  return errors;
}

function ClinicChoice({ clinics, onChoose }: { clinics: PatientClinic[]; onChoose: (uuid: string) => void }) {
  const { t } = useTranslation('appointments');
  const [choice, setChoice] = useState(clinics[0]?.clinicUuid ?? '');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (choice) {
          onChoose(choice);
        }
      }}
    >
      <Stack gap="md">
        <Radio.Group label={t('providerPatient.create.chooseClinic')} value={choice} onChange={setChoice}>
          <Stack gap="xs" mt="xs">
            {clinics.map((clinic) => (
              <Radio key={clinic.clinicUuid} value={clinic.clinicUuid} label={clinic.title} />
            ))}
          </Stack>
        </Radio.Group>
        <Group>
          <Button type="submit" disabled={!choice}>
            {t('providerPatient.create.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * spec 2 §2 Provider new-patient registration (/provider/patient-create): title 'New Patient
 * Registration', Back and Save. A provider of several clinics first chooses the clinic; the Back
 * link returns to that choice (hidden with one clinic). After Save the provider is switched to the
 * new patient (§4) and lands on /user/appointment/create.
 */
export function PatientCreatePage({
  title,
  onCreated,
}: {
  /** spec 3 §2 Register patient uses its own title. */
  title?: string;
  /** What happens after Save; default: switch to the new patient (spec 2 §2, §4). */
  onCreated?: (created: { clinicUuid: string; userId: string }) => Promise<void>;
} = {}) {
  const { t } = useTranslation('appointments');
  const common = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const switchToPatient = useSwitchToPatient();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});

  const role = useSessionRole();
  const clinics = useQuery({
    queryKey: [PATIENT_PATHS.clinics],
    queryFn: ({ signal }) => listPatientClinics(signal),
    // Not after Save switched this tab to the new patient (spec 2 §4).
    enabled: role === 'provider',
    meta: { url: PATIENT_PATHS.clinics },
  });
  const list = clinics.data ?? [];
  const chosen = list.length === 1 ? list[0] : list.find((c) => c.clinicUuid === params.get('clinicUuid'));

  const save = useMutation({
    mutationFn: async (input: { clinicUuid: string; values: PatientCreateRequest }) => {
      const created = await createPatient(input.clinicUuid, input.values);
      if (onCreated) {
        await onCreated({ clinicUuid: input.clinicUuid, userId: created.userId });
        return;
      }
      // spec 2 §2, §4: the provider continues as the new patient, on the booking start.
      await switchToPatient(created.userId);
    },
    // Failures show in this form's own alert and fields.
    meta: { url: '/api/clinics/patients', errorBanner: false },
    onError: (error) => {
      setErrors(serverFieldErrors(error));
    },
  });

  const translate = (message: string | undefined) => {
    if (!message) {
      return undefined;
    }
    const key = MESSAGE_KEYS.get(message);
    return key ? common.t(`signUp.error.${key}`) : message;
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: translate(errors[name]),
    onChange: (event: { currentTarget: { value: string } }) => {
      const value =
        name === 'mobilePhone'
          ? event.currentTarget.value.replace(/\D/g, '').slice(0, 10)
          : event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen || save.isPending) {
      return;
    }
    const { errors: found, data } = await validate(values);
    setErrors(found);
    if (!data) {
      const first = FIELDS.find((name) => found[name]);
      if (first) {
        document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      }
      return;
    }
    // The raw values are sent: the server applies the same schema (phone digits, trimming).
    save.mutate({ clinicUuid: chosen.clinicUuid, values: { ...values, gender: data.gender } });
  };

  const goBack = () => {
    // Back leaves the registration: to where the provider came from, else their default screen.
    if (window.history.length > 1) {
      void navigate(-1);
    } else {
      void navigate(DEFAULT_ROUTES.provider);
    }
  };

  const formFailure =
    save.error && Object.keys(serverFieldErrors(save.error)).length === 0 ? save.error : null;

  return (
    <Stack gap="lg" maw={560}>
      {list.length > 1 && chosen ? (
        <Anchor
          component={Link}
          to="/provider/patient-create"
          onClick={() => {
            setParams({});
          }}
        >
          {t('providerPatient.create.anotherClinic')}
        </Anchor>
      ) : null}
      <Title order={1}>{title ?? t('providerPatient.create.title')}</Title>
      {clinics.isSuccess && list.length === 0 ? (
        <Alert color="red" role="alert">
          {t('providerPatient.create.noClinic')}
        </Alert>
      ) : null}
      {clinics.isSuccess && list.length > 1 && !chosen ? (
        <ClinicChoice
          clinics={list}
          onChoose={(clinicUuid) => {
            setParams({ clinicUuid });
          }}
        />
      ) : null}
      {chosen ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            {list.length > 1 ? (
              <Text>{t('providerPatient.create.clinic', { clinic: chosen.title })}</Text>
            ) : null}
            {formFailure ? (
              <Alert color="red" role="alert">
                {errorText(formFailure)}
              </Alert>
            ) : null}
            <TextInput
              label={common.t('signUp.firstName')}
              autoComplete="off"
              required
              maxLength={SIGN_UP_TEXT_MAX}
              {...field('firstName')}
            />
            <TextInput
              label={common.t('signUp.lastName')}
              autoComplete="off"
              required
              maxLength={SIGN_UP_TEXT_MAX}
              {...field('lastName')}
            />
            <TextInput
              label={common.t('signUp.birthdate')}
              type="date"
              autoComplete="off"
              required
              min={MIN_BIRTHDATE}
              max={todayLocal()}
              {...field('birthdate')}
            />
            <NativeSelect
              label={common.t('signUp.gender')}
              required
              data={[
                { value: '', label: common.t('signUp.genderChoose') },
                ...GENDERS.map((gender) => ({
                  value: gender.id,
                  label: common.t(`signUp.gender.${gender.id}`),
                })),
              ]}
              {...field('gender')}
            />
            <TextInput
              label={common.t('signUp.mobilePhone')}
              description={t('providerPatient.create.optional')}
              type="tel"
              inputMode="numeric"
              autoComplete="off"
              placeholder={MOBILE_PHONE_MASK}
              {...field('mobilePhone')}
              value={maskPhone(values.mobilePhone)}
            />
            <TextInput
              label={common.t('signUp.email')}
              description={t('providerPatient.create.optional')}
              type="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              {...field('email')}
            />
            <Group mt="sm">
              <Button variant="outline" type="button" onClick={goBack}>
                {t('providerPatient.create.back')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('providerPatient.create.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
