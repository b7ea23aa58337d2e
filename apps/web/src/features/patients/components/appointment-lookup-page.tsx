import { useState, type SubmitEvent } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { AppointmentLookupPatient } from '@app/contracts/appointment-lookup';
import { PATIENT_SEARCH_MIN } from '@app/contracts/patient-chart';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { passesGate, useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { lookUpPatientsForAppointment } from '../api/look-up-patients-for-appointment.ts';
import { formatCalendarDate } from '../../../lib/dates/format-time.ts';

/**
 * spec 3 §2 "Look up patient for appointment": the first clinic of the token's list, then the
 * provider-select page (booking start) with clinicUuid, userId, patientId and birthDate (mysql date).
 */
export function providerSelectUrl(
  patient: Pick<AppointmentLookupPatient, 'id' | 'userId' | 'birthdate'>,
  clinicUuid: string,
): string {
  const query = new URLSearchParams({
    clinicUuid,
    userId: patient.userId,
    patientId: patient.id,
    birthDate: patient.birthdate ?? '',
  });
  return `/provider/patient/${encodeURIComponent(patient.id)}/appointments/create?${query.toString()}`;
}

/**
 * spec 3 §2 /provider/appointment/search-patient, "Look up patient for appointment" (issue 17 item 2,
 * decision 0041): name and date of birth in, name and date of birth out, Schedule into booking. It
 * needs APPOINTMENTS only, so a front-desk provider without PATIENT can book; the chart stays closed.
 */
export function AppointmentLookupPage() {
  const { t, i18n } = useTranslation('patients');
  const navigate = useNavigate();
  const workspace = useProviderWorkspace();
  const config = useAppConfig();
  const [query, setQuery] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [hint, setHint] = useState(false);
  const clinicId = workspace.data?.clinicId ?? '';
  const lookup = useMutation({
    mutationFn: () => lookUpPatientsForAppointment(clinicId, { query: query.trim(), birthDate }),
    meta: { errorBanner: false },
  });

  if (workspace.data && !passesGate(workspace.data, { permission: 'APPOINTMENTS' })) {
    return (
      <Stack gap="md" maw={720}>
        <PageTitle>{t('appointmentSearchTitle')}</PageTitle>
        <Alert color="red" role="alert">
          {t('noAccess')}
        </Alert>
      </Stack>
    );
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ready = query.trim().length >= PATIENT_SEARCH_MIN || birthDate !== '';
    setHint(!ready);
    if (ready && clinicId) {
      lookup.mutate();
    }
  };
  const formatDate = (value: string) => formatCalendarDate(value, i18n.language);
  // Registering a patient needs PATIENT (and is not part of the check-in app).
  const mayRegister =
    config.variant !== 'check-in' &&
    workspace.data !== undefined &&
    passesGate(workspace.data, { permission: 'PATIENT' });

  return (
    <Stack gap="md" maw={720}>
      <PageTitle>{t('appointmentSearchTitle')}</PageTitle>
      <Text>{t('lookupIntro')}</Text>
      {mayRegister ? (
        <Anchor component={Link} to="/provider/create-patient">
          {t('registerLink')}
        </Anchor>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          <TextInput
            label={t('lookupNameLabel')}
            value={query}
            autoComplete="off"
            maxLength={100}
            description={t('searchHint')}
            error={hint ? t('searchHint') : undefined}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
            }}
          />
          <TextInput
            label={t('birthDateLabel')}
            type="date"
            value={birthDate}
            min="1900-01-01"
            onChange={(event) => {
              setBirthDate(event.currentTarget.value);
            }}
          />
          <Group>
            {/* Until the workspace names the clinic there is nothing to search in. */}
            <Button type="submit" disabled={lookup.isPending} loading={!clinicId}>
              {t('searchSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <div aria-live="polite">
        {lookup.isError ? <Alert color="red">{t('searchFailed')}</Alert> : null}
        {lookup.data?.items.length === 0 ? <Text>{t('searchNone')}</Text> : null}
      </div>
      {lookup.data && lookup.data.items.length > 0 ? (
        <section aria-labelledby="lookup-results">
          <Title order={2} size="h3" id="lookup-results" mb="sm">
            {t('results')}
          </Title>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {lookup.data.items.map((patient) => (
              <li key={patient.id}>
                <Paper withBorder p="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={0}>
                      <Text fw={700}>{patient.name}</Text>
                      <Text size="sm">
                        {patient.birthdate
                          ? t('born', { date: formatDate(patient.birthdate) })
                          : t('birthDateUnknown')}
                      </Text>
                    </Stack>
                    <Button
                      aria-label={t('scheduleFor', { name: patient.name })}
                      onClick={() => {
                        void navigate(providerSelectUrl(patient, clinicId));
                      }}
                    >
                      {t('scheduleShort')}
                    </Button>
                  </Group>
                </Paper>
              </li>
            ))}
          </Stack>
        </section>
      ) : null}
    </Stack>
  );
}
