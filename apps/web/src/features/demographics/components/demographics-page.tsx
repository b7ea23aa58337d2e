import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import {
  DEMOGRAPHIC_STEPS,
  prepareAddressPayload,
  preparePersonalPayload,
  stepOfFormErrors,
  type DemographicStep,
  type ReferenceItem,
} from '@app/contracts/demographics';
import type { CheckInTask } from '@app/contracts/check-in';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { errorText } from '../../account-settings/error-text.ts';
import { appointmentQuery } from '../../appointments/api/get-appointment.ts';
import { TaskPageState } from '../../check-in-task/task-page-state.tsx';
import { useTaskPage, type TaskPage } from '../../check-in/use-task-page.ts';
import { formatPhone } from '../../../lib/phone/format-phone.ts';
import { addressQuery } from '../api/get-address.ts';
import { clinicUserDetailsQuery } from '../api/get-clinic-user-details.ts';
import { emergencyQuery } from '../api/get-emergency.ts';
import { personalQuery } from '../api/get-personal.ts';
import { referenceListsQuery } from '../api/get-reference-lists.ts';
import { statesQuery } from '../api/list-states.ts';
import { updateAddress } from '../api/update-address.ts';
import { updateEmergency } from '../api/update-emergency.ts';
import { updatePersonal } from '../api/update-personal.ts';
import { draftFrom, fieldErrorsOf, type DemographicsDraft, type FieldErrors } from './demographics-form.ts';

/** What moves between the steps: the wizard's values and the server's field errors (spec 2 §5). */
interface StepState {
  draft?: DemographicsDraft;
  errors?: FieldErrors;
}

function isStep(value: string | undefined): value is DemographicStep {
  return DEMOGRAPHIC_STEPS.some((step) => step === value);
}

/** spec 2 §2 {task base url}/demographic/personal, /contact-info, /emergency-info. */
export function DemographicsPage() {
  const { t } = useTranslation('demographics');
  const current = useTaskPage(['demographics', 'demographic_uds']);
  return (
    <TaskPageState
      current={current}
      title={t('title')}
      texts={{ loading: t('loading'), notFound: t('notFound') }}
    >
      {current.task ? <DemographicsWizard current={current} task={current.task} /> : null}
    </TaskPageState>
  );
}

function DemographicsWizard({ current, task }: { current: TaskPage; task: CheckInTask }) {
  const { t } = useTranslation('demographics');
  const params = useParams();
  const step: DemographicStep = isStep(params.step) ? params.step : 'personal';
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const carried = (location.state as StepState | null) ?? {};
  const clinicUuid = task.clinicUuid;
  const accountId = task.userId;

  // spec 2 §4 "The demographics task resets and reloads demographics data": entering the task (no
  // draft carried from another step) fetches everything again and starts from the server's values.
  const fresh = carried.draft === undefined;
  const refetch = fresh ? ('always' as const) : false;
  const personal = useQuery({ ...personalQuery(clinicUuid, accountId), refetchOnMount: refetch });
  const address = useQuery({ ...addressQuery(clinicUuid, accountId), refetchOnMount: refetch });
  const emergency = useQuery({ ...emergencyQuery(accountId), refetchOnMount: refetch });
  const details = useQuery(clinicUserDetailsQuery(clinicUuid, accountId));
  const lists = useQuery(referenceListsQuery);
  const appointment = useQuery({
    ...appointmentQuery(task.appointmentId ?? ''),
    enabled: Boolean(task.appointmentId),
  });

  const [edited, setDraft] = useState<DemographicsDraft | null>(carried.draft ?? null);
  // Errors and the alert belong to one visit of a step (location.key); a step reached after a failed
  // save shows the errors carried to it.
  const [local, setLocal] = useState<{ at: string; errors: FieldErrors; failure: string | null } | null>(
    null,
  );
  const [saving, setSaving] = useState(false);
  const own = local?.at === location.key ? local : null;
  const errors: FieldErrors = own ? own.errors : (carried.errors ?? {});
  const failure = own ? own.failure : Object.keys(errors).length > 0 ? t('errorSummary') : null;
  const setErrors = (next: FieldErrors, text: string | null = null) => {
    setLocal({ at: location.key, errors: next, failure: text });
  };
  const setFailure = (text: string | null) => {
    setLocal({ at: location.key, errors, failure: text });
  };
  const fetchedNow =
    !fresh || (personal.isFetchedAfterMount && address.isFetchedAfterMount && emergency.isFetchedAfterMount);
  const draft =
    edited ??
    (fetchedNow && personal.data && address.data && emergency.data
      ? draftFrom(personal.data, address.data, emergency.data)
      : null);

  const countryId = draft?.address.countryId ?? '';
  const states = useQuery({ ...statesQuery(countryId), enabled: countryId !== '' });

  const loadError = personal.error ?? address.error ?? emergency.error ?? lists.error;
  if (loadError) {
    return (
      <Stack>
        <PageTitle>{t('title')}</PageTitle>
        <Alert color="red" role="alert">
          {errorText(loadError)}
        </Alert>
      </Stack>
    );
  }
  if (!draft || !lists.data) {
    return (
      <Stack>
        <PageTitle>{t('title')}</PageTitle>
        <Text role="status">{t('loading')}</Text>
      </Stack>
    );
  }

  const index = DEMOGRAPHIC_STEPS.indexOf(step);
  const stepUrl = (target: DemographicStep) => `${current.base}/demographic/${target}${current.search}`;
  const goTo = async (target: DemographicStep, nextErrors?: FieldErrors) => {
    await navigate(stepUrl(target), { state: { draft, errors: nextErrors } satisfies StepState });
  };
  const set = <K extends keyof DemographicsDraft>(
    part: K,
    key: keyof DemographicsDraft[K],
    value: string,
  ) => {
    setDraft({ ...draft, [part]: { ...draft[part], [key]: value } });
  };

  /** The step's own required fields, checked before moving on. */
  function missingOnStep(): FieldErrors {
    const missing: FieldErrors = {};
    const need = (key: string, value: string) => {
      if (!value.trim()) {
        missing[key] = t('required');
      }
    };
    if (step === 'personal' && draft) {
      need('firstName', draft.personal.firstName);
      need('lastName', draft.personal.lastName);
    }
    if (step === 'emergency-info' && draft) {
      need('name', draft.emergency.name);
      need('phone', draft.emergency.phone);
    }
    return missing;
  }

  /** spec 2 §5 / §8: a failed save goes to the step of its first counted field error. */
  async function failed(error: unknown, fallback: DemographicStep, emergencyCall: boolean) {
    const body: unknown = isApiRequestError(error) ? error.body : null;
    const list =
      typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors)
        ? (body as { errors: { field?: string; detail: string }[] }).errors
        : [];
    if (list.length === 0) {
      setFailure(errorText(error));
      return;
    }
    const nextErrors = fieldErrorsOf(list);
    // The emergency call's fields all live on the emergency step.
    const target = emergencyCall ? 'emergency-info' : (stepOfFormErrors(list) ?? fallback);
    setErrors(nextErrors, t('errorSummary'));
    await goTo(target, nextErrors);
  }

  async function save() {
    if (!draft) {
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      try {
        await updatePersonal(
          clinicUuid,
          accountId,
          preparePersonalPayload({
            ...draft.personal,
            birthdate: draft.personal.birthdate || null,
            departmentUuid: appointment.data?.departmentUuid ?? null,
          }),
        );
        await updateAddress(clinicUuid, accountId, prepareAddressPayload({ ...draft.address }));
      } catch (error) {
        await failed(error, 'personal', false);
        return;
      }
      try {
        await updateEmergency(accountId, {
          name: draft.emergency.name,
          relationship: draft.emergency.relationship,
          phone: draft.emergency.phone,
        });
      } catch (error) {
        await failed(error, 'emergency-info', true);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: [personalQuery(clinicUuid, accountId).queryKey[0]] });
      await current.complete();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  }

  async function next() {
    const missing = missingOnStep();
    if (Object.keys(missing).length > 0) {
      setErrors(missing, t('errorSummary'));
      return;
    }
    setErrors({});
    const following = DEMOGRAPHIC_STEPS[index + 1];
    if (following) {
      await goTo(following);
    } else {
      await save();
    }
  }

  const options = (items: readonly ReferenceItem[]) => [
    { value: '', label: t('choose') },
    ...items.map((item) => ({ value: item.id, label: item.name })),
  ];
  const text = (
    part: 'personal' | 'address' | 'emergency',
    key: string,
    extra: Partial<{ type: string; required: boolean; description: string; autoComplete: string }> = {},
  ) => (
    <TextInput
      label={t(key as 'firstName')}
      value={(draft[part] as Record<string, string>)[key] ?? ''}
      error={errors[key]}
      type={extra.type ?? 'text'}
      required={extra.required}
      description={extra.description}
      autoComplete={extra.autoComplete}
      onChange={(event) => {
        set(part, key as never, event.currentTarget.value);
      }}
    />
  );
  const select = (
    part: 'personal' | 'address',
    key: string,
    items: readonly ReferenceItem[],
    onPick?: (value: string) => void,
  ) => (
    <NativeSelect
      label={t(key as 'firstName')}
      value={(draft[part] as Record<string, string>)[key] ?? ''}
      error={errors[key]}
      data={options(items)}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (onPick) {
          onPick(value);
        } else {
          set(part, key as never, value);
        }
      }}
    />
  );

  let body: ReactNode;
  if (step === 'personal') {
    body = (
      <>
        {text('personal', 'firstName', { required: true, autoComplete: 'given-name' })}
        {text('personal', 'lastName', { required: true, autoComplete: 'family-name' })}
        {select('personal', 'language', lists.data.language)}
        {select('personal', 'maritalStatus', lists.data.maritalStatus)}
        {select('personal', 'raceCode', lists.data.race)}
        {select('personal', 'ethnicCode', lists.data.ethnicity)}
        {select('personal', 'timezone', lists.data.timezone)}
        <Fieldset legend={t('addressHeading')}>
          <Stack gap="sm">
            {text('address', 'address1', { autoComplete: 'address-line1' })}
            {text('address', 'address2', { autoComplete: 'address-line2' })}
            {text('address', 'city', { autoComplete: 'address-level2' })}
            {select('address', 'countryId', lists.data.country, (value) => {
              // A new country's states differ: the chosen state no longer applies.
              setDraft({ ...draft, address: { ...draft.address, countryId: value, stateId: '' } });
            })}
            {countryId && (states.data?.length ?? 0) > 0
              ? select('address', 'stateId', states.data ?? [])
              : null}
            {text('address', 'zip', { autoComplete: 'postal-code' })}
          </Stack>
        </Fieldset>
      </>
    );
  } else if (step === 'contact-info') {
    body = (
      <>
        {text('personal', 'birthdate', { type: 'date', autoComplete: 'bday' })}
        {select('personal', 'gender', lists.data.gender)}
        {text('personal', 'email', { type: 'email', autoComplete: 'email' })}
        {select('personal', 'contactPreference', lists.data.contactPreference)}
        {/* spec 2 §5: phones are not saved with the personal data; shown from the clinic user details. */}
        <Paper withBorder p="sm">
          <Title order={3} size="h5">
            {t('phonesHeading')}
          </Title>
          <Text>
            {t('mobilePhone')}:{' '}
            {details.data?.mobilePhone ? formatPhone(details.data.mobilePhone) : t('none')}
          </Text>
          <Text>
            {t('homePhone')}: {details.data?.homePhone ? formatPhone(details.data.homePhone) : t('none')}
          </Text>
          <Text size="sm">{t('phonesHint')}</Text>
        </Paper>
      </>
    );
  } else {
    body = (
      <>
        <Title order={3} size="h5">
          {t('emergencyHeading')}
        </Title>
        {text('emergency', 'name', { required: true, autoComplete: 'off' })}
        {text('emergency', 'relationship', { autoComplete: 'off' })}
        {text('emergency', 'phone', {
          type: 'tel',
          required: true,
          description: t('phoneHint'),
          autoComplete: 'off',
        })}
      </>
    );
  }

  return (
    <Stack>
      <PageTitle>{t('title')}</PageTitle>
      <Text>{t('stepper', { current: index + 1, total: DEMOGRAPHIC_STEPS.length })}</Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void next();
        }}
      >
        <Stack gap="sm">
          <Title order={2}>{t(`step.${step}`)}</Title>
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
              {errors[''] ? ` ${errors['']}` : ''}
            </Alert>
          ) : null}
          {body}
          <Group justify="space-between">
            {index > 0 ? (
              <Button
                variant="default"
                onClick={() => {
                  const previous = DEMOGRAPHIC_STEPS[index - 1];
                  if (previous) {
                    void goTo(previous, errors);
                  }
                }}
              >
                {t('back')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={saving}>
              {index === DEMOGRAPHIC_STEPS.length - 1 ? t('save') : t('next')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
