import { useEffect, useRef, useState, useSyncExternalStore, type SubmitEvent } from 'react';
import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  CLINICS_PATH,
  INVITATION_CODE_INPUT_MAX,
  INVITATION_CODE_PARAM,
  formatInvitationCode,
  invitationCodeOfSearch,
  isInvitationCode,
  normalizeInvitationCode,
} from '@app/contracts/clinic-invitation-code';
import type { ConnectClinicResponse, InvitationPreview } from '@app/contracts/clinic-invitations';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { isSwitchedToPatient } from '../../../lib/auth/patient-switch.ts';
import { subscribeSession } from '../../../lib/auth/session-store.ts';
import { errorText } from '../../account-settings/error-text.ts';
import { connectClinic } from '../api/connect-clinic.ts';
import { invitationPreviewQuery } from '../api/get-invitation-preview.ts';
import { PATIENT_CLINICS_PATH } from '../api/list-patient-clinics.ts';
import type { clinicsEn } from '../i18n/en.ts';
import { ClinicPlaces } from './clinic-places.tsx';
import { bookingPathOf } from './clinics-page.tsx';

type ClinicsKey = keyof typeof clinicsEn;

const CODE_FIELD_ID = 'invitation-code';

/** The field's own complaint before anything is sent, or null when the code has the right shape. */
export function codeProblem(input: string): ClinicsKey | null {
  const code = normalizeInvitationCode(input);
  if (!code) {
    return 'codeRequired';
  }
  return input.length > INVITATION_CODE_INPUT_MAX || !isInvitationCode(code) ? 'codeMalformed' : null;
}

/** What a failed check or connect says, in the patient's language where the reason is known. */
export function failureKey(error: unknown): ClinicsKey | null {
  if (!isApiRequestError(error)) {
    return 'failed';
  }
  const body = error.body as { code?: unknown } | null;
  if (error.status === 404 && body?.code === 'invitation_not_valid') {
    return 'codeNotValid';
  }
  if (error.status === 400) {
    return 'codeMalformed';
  }
  if (error.status === 403) {
    return 'ownAccountOnly';
  }
  // Anything else (too many tries, with its waiting time) in the server's own words.
  return error.status === 429 ? null : 'failed';
}

function PreviewCard({
  preview,
  connecting,
  onConnect,
  onOtherCode,
}: {
  preview: InvitationPreview;
  connecting: boolean;
  onConnect: () => void;
  onOtherCode: () => void;
}) {
  const { t } = useTranslation('clinics');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The answer appears below the form: take screen-reader and keyboard users to it.
    heading.current?.focus();
  }, [preview.code]);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="clinic-preview-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="clinic-preview-title" ref={heading} tabIndex={-1}>
          {preview.alreadyConnected ? preview.clinicName : t('previewTitle')}
        </Title>
        {preview.alreadyConnected ? null : (
          <Text fw={700} size="lg">
            {preview.clinicName}
          </Text>
        )}
        <ClinicPlaces clinicName={preview.clinicName} locations={preview.locations} />
        {preview.alreadyConnected ? (
          <>
            <Text>{t('alreadyConnected', { clinic: preview.clinicName })}</Text>
            <Group>
              <ButtonLink to={CLINICS_PATH}>{t('backToClinics')}</ButtonLink>
            </Group>
          </>
        ) : (
          <>
            <Text>{t('previewConsent', { clinic: preview.clinicName })}</Text>
            <Group>
              <Button loading={connecting} onClick={onConnect}>
                {t('connect')}
              </Button>
              <Button variant="outline" onClick={onOtherCode} disabled={connecting}>
                {t('otherCode')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Connected({ result }: { result: ConnectClinicResponse }) {
  const { t } = useTranslation('clinics');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const { clinic } = result;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="clinic-connected-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="clinic-connected-title" ref={heading} tabIndex={-1}>
          {t('connectedTitle')}
        </Title>
        <FormMessage tone="success">
          {result.alreadyConnected
            ? t('alreadyConnected', { clinic: clinic.name })
            : t('connected', { clinic: clinic.name })}
        </FormMessage>
        <Text fw={700} size="lg">
          {clinic.name}
        </Text>
        <ClinicPlaces clinicName={clinic.name} locations={clinic.locations} />
        <Group>
          <ButtonLink to={CLINICS_PATH}>{t('backToClinics')}</ButtonLink>
          {clinic.bookable ? (
            <ButtonLink
              to={bookingPathOf(clinic.clinicUuid)}
              variant="outline"
              aria-label={t('bookLabel', { clinic: clinic.name })}
            >
              {t('book')}
            </ButtonLink>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /user/provider/connect (spec 1 §2; decision 0035): enter a clinic's invitation code — or arrive
 * with it in ?code= from an invitation link or a clinic's sign-up link — see the clinic, connect.
 */
export function ClinicConnectPage() {
  const { t } = useTranslation('clinics');
  const { t: tRoot } = useTranslation();
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const switchedByProvider = useSyncExternalStore(subscribeSession, isSwitchedToPatient);
  const focusField = () => document.getElementById(CODE_FIELD_ID)?.focus();

  // A link's code is checked at once; a code that cannot be one stays in the field with its message.
  const [initial] = useState(() => {
    const linked = invitationCodeOfSearch(search);
    const raw = new URLSearchParams(search).get(INVITATION_CODE_PARAM) ?? '';
    return { linked, raw: linked ? formatInvitationCode(linked) : raw.slice(0, INVITATION_CODE_INPUT_MAX) };
  });
  const [input, setInput] = useState(initial.raw);
  const [submitted, setSubmitted] = useState(initial.raw !== '' && initial.linked === null);
  const [checkedCode, setCheckedCode] = useState<string | null>(initial.linked);

  const preview = useQuery({
    ...invitationPreviewQuery(checkedCode ?? ''),
    enabled: checkedCode !== null && !switchedByProvider,
  });
  const connect = useMutation({
    mutationFn: connectClinic,
    meta: { errorBanner: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PATIENT_CLINICS_PATH] }),
  });

  const problem = codeProblem(input);
  const failure = checkedCode !== null ? (preview.error ?? connect.error) : null;
  const failureReason = failure ? failureKey(failure) : null;
  const failureMessage = failure ? (failureReason ? t(failureReason) : errorText(failure)) : null;
  const fieldError = submitted && problem ? t(problem) : failureMessage;

  const check = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    connect.reset();
    if (problem) {
      focusField();
      return;
    }
    const code = normalizeInvitationCode(input);
    if (code === checkedCode) {
      void preview.refetch();
    } else {
      setCheckedCode(code);
    }
  };

  const otherCode = () => {
    setInput('');
    setSubmitted(false);
    setCheckedCode(null);
    connect.reset();
    focusField();
  };

  const shownPreview = checkedCode !== null && !preview.isFetching ? (preview.data ?? null) : null;
  const title = tRoot('route.user.providerConnect');
  if (connect.data) {
    return (
      <Stack gap="lg" maw={560}>
        <PageTitle>{title}</PageTitle>
        <Connected result={connect.data} />
      </Stack>
    );
  }
  if (switchedByProvider) {
    return (
      <Stack gap="lg" maw={560}>
        <PageTitle>{title}</PageTitle>
        <Alert color="blue" role="status">
          {t('ownAccountOnly')}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={560}>
      <PageTitle>{title}</PageTitle>
      <Text>{t('connectIntro')}</Text>
      <form noValidate onSubmit={check}>
        <Stack gap="sm">
          <TextField
            id={CODE_FIELD_ID}
            label={t('codeLabel')}
            description={t('codeHint')}
            name="invitation-code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={INVITATION_CODE_INPUT_MAX}
            value={input}
            error={fieldError}
            onChange={(event) => {
              setInput(event.target.value.toUpperCase());
              // A changed code is a new question: the old answer no longer belongs to it.
              setCheckedCode(null);
              setSubmitted(false);
              connect.reset();
            }}
          />
          <Group>
            <Button type="submit" loading={checkedCode !== null && preview.isFetching}>
              {t('check')}
            </Button>
          </Group>
        </Stack>
      </form>
      {checkedCode !== null && preview.isFetching ? <Text>{t('checking')}</Text> : null}
      {/* Announces the check and its failure, which appear under the field, away from the focus. */}
      <div role="status" className="app-visually-hidden">
        {checkedCode !== null && preview.isFetching ? t('checking') : (failureMessage ?? '')}
      </div>
      {shownPreview ? (
        <PreviewCard
          preview={shownPreview}
          connecting={connect.isPending}
          onConnect={() => {
            connect.mutate(shownPreview.code);
          }}
          onOtherCode={otherCode}
        />
      ) : null}
    </Stack>
  );
}
