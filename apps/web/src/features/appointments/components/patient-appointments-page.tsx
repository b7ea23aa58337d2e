import { useId, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
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

/** The printed address, with city and state when the line lacks them (as the details screen does). */
function addressOf(appointment: Appointment): string | null {
  const address = appointment.address;
  if (!address) {
    return null;
  }
  const extra = [address.city, address.state].filter(
    (part): part is string => !!part?.trim() && !address.line.includes(part),
  );
  return [address.line, ...extra].filter((part) => part.trim()).join(', ');
}

/**
 * Issue 18 item 3 (decision 0052): the appointment's details inside the provider's chart, so "View
 * details" never turns the provider into the patient. Acting for the patient (reschedule, cancel,
 * check-in) stays behind the explicit "Switch to patient".
 */
function AppointmentDetails({
  appointment,
  id,
  when,
}: {
  appointment: Appointment;
  id: string;
  when: string;
}) {
  const { t } = useTranslation('appointments');
  const address = appointment.type === 'video_call' ? null : addressOf(appointment);
  const rows: { term: string; value: ReactNode }[] = [
    {
      term: t('providerPatient.visitType'),
      value: appointment.type === 'video_call' ? t('details.telehealth') : t('details.officeVisit'),
    },
    {
      term: t('details.location'),
      value: [appointment.departmentName, appointment.clinicName, address]
        .filter((part): part is string => !!part)
        .join(' · '),
    },
    {
      term: t('details.reason'),
      value: appointment.appointmentComment?.trim() || t('providerPatient.noReason'),
    },
  ];
  if (appointment.consultationTypeMessage) {
    rows.push({ term: t('details.important'), value: appointment.consultationTypeMessage });
  }
  rows.push({
    term: t('details.attachments'),
    value:
      appointment.attachments.length === 0 ? (
        t('details.noAttachments')
      ) : (
        <Stack component="span" gap={2}>
          {appointment.attachments.map((file) => (
            <Anchor key={file.href} href={file.href} target="_blank" rel="noreferrer">
              {file.fileName}
            </Anchor>
          ))}
        </Stack>
      ),
  });
  return (
    <section
      id={id}
      aria-label={t('providerPatient.detailsOf', { when })}
      className="provider-appointment-details"
    >
      <dl>
        {rows.map((row) => (
          <div key={row.term}>
            <dt>{row.term}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <Text size="sm" c="dimmed">
        {t('providerPatient.actAsPatientHint')}
      </Text>
    </section>
  );
}

function AppointmentRow({ appointment }: { appointment: Appointment }) {
  const { t, i18n } = useTranslation('appointments');
  const when = whenOf(appointment, i18n.language);
  const [open, setOpen] = useState(false);
  const panelId = useId();
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
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            rightSection={
              open ? (
                <IconChevronUp size={16} aria-hidden="true" focusable="false" />
              ) : (
                <IconChevronDown size={16} aria-hidden="true" focusable="false" />
              )
            }
            onClick={() => {
              setOpen(!open);
            }}
            aria-label={t(open ? 'providerPatient.hideDetailsOf' : 'providerPatient.viewDetails', { when })}
          >
            {t(open ? 'providerPatient.hideDetails' : 'providerPatient.details')}
          </Button>
        </Group>
        {open ? <AppointmentDetails appointment={appointment} id={panelId} when={when} /> : null}
      </Paper>
    </li>
  );
}

function AppointmentSection({
  id,
  title,
  empty,
  items,
}: {
  id: string;
  title: string;
  empty: string;
  items: Appointment[];
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
              <AppointmentRow key={item.id} appointment={item} />
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
              />
              <AppointmentSection
                id="past-title"
                title={t('providerPatient.past')}
                empty={t('providerPatient.noPast')}
                items={lists.past}
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
