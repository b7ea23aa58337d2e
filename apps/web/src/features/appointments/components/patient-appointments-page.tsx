import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Appointment } from '@app/contracts/appointments';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { hasProviderPermission } from '../../../lib/auth/provider-permissions.ts';
import { errorText } from '../../account-settings/error-text.ts';
import { useSessionRole, useSwitchToPatient } from '../../patient-switch/use-patient-switch.ts';
import { patientWindow, splitAppointments } from '../patient-appointment-lists.ts';
import { getPatientSummary, listPatientAppointments, APPOINTMENTS_PATH } from '../api/patient-api.ts';
import { formatZoned } from '../../../lib/dates/format-time.ts';

/** Date and time in the department's zone, where the visit takes place. */
function whenOf(appointment: Appointment, language: string): string {
  return formatZoned(appointment.startAt, appointment.timezone, { language });
}

function AppointmentRow({
  appointment,
  onDetails,
}: {
  appointment: Appointment;
  onDetails: (appointment: Appointment) => void;
}) {
  const { t, i18n } = useTranslation('appointments');
  const when = whenOf(appointment, i18n.language);
  return (
    <li>
      <Paper withBorder p="sm">
        <Group justify="space-between" gap="sm">
          <Stack gap={2}>
            <Text fw={700}>{when}</Text>
            <Text>
              {appointment.consultationTypeTitle}{' '}
              {t('providerPatient.with', { doctor: appointment.doctorName })}
            </Text>
            <Text size="sm">
              {appointment.departmentName} · {t(`providerPatient.status.${appointment.status}`)}
            </Text>
          </Stack>
          <Button
            variant="outline"
            onClick={() => {
              onDetails(appointment);
            }}
            aria-label={t('providerPatient.viewDetails', { when })}
          >
            {t('providerPatient.details')}
          </Button>
        </Group>
      </Paper>
    </li>
  );
}

function AppointmentSection({
  id,
  title,
  empty,
  items,
  onDetails,
}: {
  id: string;
  title: string;
  empty: string;
  items: Appointment[];
  onDetails: (appointment: Appointment) => void;
}) {
  return (
    <section aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {items.length === 0 ? (
          <Text>{empty}</Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <AppointmentRow key={item.id} appointment={item} onDetails={onDetails} />
            ))}
          </Stack>
        )}
      </Stack>
    </section>
  );
}

/**
 * spec 2 §2 /provider/patient/{patientId}/appointments: the patient's name, upcoming and past
 * appointments, 'Schedule appointment' (care-manager booking start) and 'Switch to patient' (§4).
 * A provider without PATIENT or APPOINTMENTS, or a patient outside their clinics, gets spec 3's text.
 */
export function PatientAppointmentsPage() {
  const { t } = useTranslation('appointments');
  const { patientId = '' } = useParams();
  const switchToPatient = useSwitchToPatient();
  const [switchError, setSwitchError] = useState<unknown>(null);
  const permitted = hasProviderPermission('PATIENT') || hasProviderPermission('APPOINTMENTS');
  const [now] = useState(() => new Date());
  // Not once 'Switch to patient' made this tab the patient's (spec 2 §4).
  const isProvider = useSessionRole() === 'provider';

  const patient = useQuery({
    queryKey: ['/api/patients', patientId],
    queryFn: ({ signal }) => getPatientSummary(patientId, signal),
    enabled: permitted && isProvider,
    retry: false,
    // A refusal is this screen's own message, not a banner.
    meta: { url: '/api/patients', errorBanner: false },
  });
  const appointments = useQuery({
    queryKey: [APPOINTMENTS_PATH, { patientId, window: patientWindow(now) }],
    queryFn: ({ signal }) => listPatientAppointments(patientId, patientWindow(now), signal),
    enabled: patient.isSuccess && isProvider,
    meta: { url: APPOINTMENTS_PATH, errorBanner: false },
  });

  const refused =
    (isProvider && !permitted) ||
    (patient.isError && isApiRequestError(patient.error) && [400, 403, 404].includes(patient.error.status));
  if (refused) {
    return (
      <Stack gap="md" maw={720}>
        <Title order={1}>{t('providerPatient.title')}</Title>
        <Alert color="red" role="alert">
          {t('providerPatient.noAccess')}
        </Alert>
      </Stack>
    );
  }

  const switchTo = (target?: string) => {
    setSwitchError(null);
    switchToPatient(patientId, target).catch((error: unknown) => {
      setSwitchError(error);
    });
  };
  const lists = appointments.data ? splitAppointments(appointments.data, now) : null;

  return (
    <Stack gap="lg" maw={720}>
      {/* Inside the patient view shell (spec 3 §2), whose h1 is the patient's name. */}
      <Title order={2}>{t('providerPatient.appointmentsHeading')}</Title>
      {patient.isPending ? <Text role="status">{t('providerPatient.loading')}</Text> : null}
      {patient.isError ? (
        <Alert color="red" role="alert">
          {errorText(patient.error)}
        </Alert>
      ) : null}
      {patient.data ? (
        <>
          <Group gap="sm">
            <Button
              variant="outline"
              onClick={() => {
                switchTo();
              }}
            >
              {t('providerPatient.switch')}
            </Button>
            {/* Issue 5's read-only questionnaires, now under the documents tab (issue 6). */}
            <Button
              variant="subtle"
              component={Link}
              to={`/provider/patient/${encodeURIComponent(patientId)}/documents/questionnaires`}
            >
              {t('providerPatient.questionnaires')}
            </Button>
          </Group>
          {switchError ? (
            <Alert color="red" role="alert">
              {switchErrorText(switchError)}
            </Alert>
          ) : null}
          {appointments.isError ? (
            <Alert color="red" role="alert">
              {t('providerPatient.listFailed')}
            </Alert>
          ) : null}
          {lists ? (
            <>
              <AppointmentSection
                id="upcoming-title"
                title={t('providerPatient.upcoming')}
                empty={t('providerPatient.noUpcoming')}
                items={lists.upcoming}
                onDetails={(item) => {
                  switchTo(`/user/appointment/${encodeURIComponent(item.id)}`);
                }}
              />
              <AppointmentSection
                id="past-title"
                title={t('providerPatient.past')}
                empty={t('providerPatient.noPast')}
                items={lists.past}
                onDetails={(item) => {
                  switchTo(`/user/appointment/${encodeURIComponent(item.id)}`);
                }}
              />
            </>
          ) : null}
          {/* spec 3 §2: the SCHEDULE footer button appears with the APPOINTMENTS permission. */}
          {hasProviderPermission('APPOINTMENTS') ? (
            <Group component="footer" justify="flex-end">
              <Button
                component={Link}
                to={`/provider/patient/${encodeURIComponent(patientId)}/appointments/create`}
              >
                {t('providerPatient.schedule')}
              </Button>
            </Group>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/** The token endpoint answers in OAuth's shape (error_description). */
function switchErrorText(error: unknown): string {
  if (isApiRequestError(error) && typeof error.body === 'object' && error.body !== null) {
    const description = (error.body as Record<string, unknown>).error_description;
    if (typeof description === 'string' && description.trim()) {
      return description;
    }
  }
  return errorText(error);
}
