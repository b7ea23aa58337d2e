import { useState } from 'react';
import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ConfirmPatient } from '@app/contracts/confirm-patient';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { DEFAULT_ROUTES } from '../../../lib/auth/default-routes.ts';
import { errorText } from '../../account-settings/error-text.ts';
import { useLogout } from '../../auth/api/logout-session.ts';
import { familyOwnerId } from '../../family/api/family-path.ts';
import { familyMembersQuery } from '../../family/api/list-family-members.ts';
import { confirmPatientQuery } from '../api/get-confirm-patient.ts';
import {
  formatBirthdate,
  formatVisitTime,
  patientCheckInUrl,
  switchPatientUrl,
} from '../confirm-patient-rules.ts';
import { beginCheckIn, clearCheckInFlow, dashboardUrl, PATIENT_SEARCH_URL } from '../task-flow.ts';

/** Whether the account has family profiles to switch to (spec 3 §2); quietly no on any failure. */
function useHasFamily(enabled: boolean): boolean {
  const ownerId = familyOwnerId();
  const family = useQuery({
    ...familyMembersQuery(ownerId ?? ''),
    enabled: enabled && ownerId !== null,
    meta: { errorBanner: false },
  });
  return (family.data?.members.length ?? 0) > 0;
}

function Identity({ patient }: { patient: ConfirmPatient['patient'] }) {
  const { t, i18n } = useTranslation('checkIn');
  return (
    <Paper withBorder p="lg">
      <Stack component="dl" gap="xs" m={0}>
        <Text component="dt" size="sm" c="gray.8">
          {t('confirm.name')}
        </Text>
        <Text component="dd" m={0} fw={700} size="xl" data-testid="confirm-patient-name">
          {patient.name}
        </Text>
        <Text component="dt" size="sm" c="gray.8">
          {t('confirm.birthdate')}
        </Text>
        <Text component="dd" m={0} fw={700} size="lg" data-testid="confirm-patient-birthdate">
          {patient.birthdate ? formatBirthdate(patient.birthdate, i18n.language) : t('confirm.noBirthdate')}
        </Text>
      </Stack>
    </Paper>
  );
}

function Visits({ data, named, kiosk }: { data: ConfirmPatient; named: boolean; kiosk: boolean }) {
  const { t, i18n } = useTranslation('checkIn');
  return (
    <section aria-labelledby="confirm-visits-title">
      <Title order={2} size="h3" id="confirm-visits-title" mb="sm">
        {named ? t('confirm.visitTitle') : t('confirm.todayTitle')}
      </Title>
      {data.appointments.length === 0 ? (
        <Stack gap="xs">
          <Text>{t('confirm.noneToday')}</Text>
          {kiosk ? null : (
            <Anchor component={Link} to={DEFAULT_ROUTES.user}>
              {t('confirm.seeAppointments')}
            </Anchor>
          )}
        </Stack>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.appointments.map((visit) => (
            <li key={visit.id}>
              <Paper withBorder p="md" data-testid="confirm-patient-visit">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2}>
                    <Text fw={700}>
                      {t('confirm.visit', {
                        time: formatVisitTime(visit.startAt, visit.timezone, i18n.language, named),
                        doctor: visit.doctorName,
                      })}
                    </Text>
                    <Text>
                      {t('confirm.place', { clinic: visit.clinicName, department: visit.departmentName })}
                    </Text>
                    <Text size="sm" c="gray.8">
                      {visit.consultationTypeTitle}
                    </Text>
                  </Stack>
                  {visit.isCheckedIn ? (
                    <Badge variant="light" color="dark">
                      {t('confirm.checkedIn')}
                    </Badge>
                  ) : null}
                </Group>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}

/**
 * {role}/confirm-patient (spec 1 §1, §2 rule 3; decision 0036): the check-in app's first screen. The
 * patient sees their own name, date of birth and today's visits and starts that check-in, logs out,
 * or switches to a family member (who comes back here). Under /provider/ it is the kiosk's confirm
 * step (self check-in, spec 2 §2): the patient of the visit picked in the patient search, then the
 * tasks, or back to the search; without a visit it is the search's turn.
 */
export function ConfirmPatientPage() {
  const { t } = useTranslation('checkIn');
  const navigate = useNavigate();
  const logout = useLogout();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const kiosk = pathname.startsWith('/provider/');
  const appointmentId = params.get('appointmentId');
  const waitingForSearch = kiosk && !appointmentId;
  const query = useQuery({
    ...confirmPatientQuery(kiosk, appointmentId),
    enabled: !waitingForSearch,
    meta: { errorBanner: false },
  });
  const hasFamily = useHasFamily(!kiosk && query.isSuccess);
  const [leaving, setLeaving] = useState(false);

  if (waitingForSearch) {
    // spec 1 §2 rule 3 lands a provider of the check-in app here: the kiosk picks the patient first.
    return <Navigate to={PATIENT_SEARCH_URL} replace />;
  }

  const backToSearch = () => {
    // The kiosk stays a kiosk for the next patient.
    clearCheckInFlow({ keepMode: true });
    void navigate(PATIENT_SEARCH_URL);
  };

  if (query.isError) {
    const notFound = isApiRequestError(query.error) && query.error.status === 404;
    return (
      <Stack gap="md" maw={640}>
        <PageTitle>{t('confirm.title')}</PageTitle>
        <Alert color="red" role="alert">
          {notFound ? errorText(query.error) : t('confirm.failed')}
        </Alert>
        <Group>
          {kiosk ? (
            <Button variant="outline" onClick={backToSearch}>
              {t('confirm.backToSearch')}
            </Button>
          ) : (
            <ButtonLink to={DEFAULT_ROUTES.user} variant="outline">
              {t('confirm.seeAppointments')}
            </ButtonLink>
          )}
        </Group>
      </Stack>
    );
  }

  if (!query.data) {
    return (
      <Stack gap="md" maw={640}>
        <PageTitle>{t('confirm.title')}</PageTitle>
        <Loader role="status" aria-label={t('confirm.loading')} />
      </Stack>
    );
  }

  const data = query.data;
  const kioskVisit = kiosk ? data.appointments[0] : undefined;
  const patientStart = kiosk ? null : patientCheckInUrl(data.appointments);

  const start = () => {
    if (kioskVisit) {
      beginCheckIn([kioskVisit.id], { selfCheckIn: true });
      void navigate(dashboardUrl(kioskVisit.id, true));
    } else if (patientStart) {
      void navigate(patientStart);
    }
  };

  return (
    <Stack gap="lg" maw={640}>
      <PageTitle>{t('confirm.title')}</PageTitle>
      <Text size="lg">{kiosk ? t('confirm.kioskQuestion') : t('confirm.question')}</Text>
      <Identity patient={data.patient} />
      <Visits data={data} named={appointmentId !== null} kiosk={kiosk} />
      <Group gap="sm">
        {kioskVisit || patientStart ? <Button onClick={start}>{t('confirm.start')}</Button> : null}
        {!kiosk && hasFamily ? (
          <ButtonLink to={switchPatientUrl()} variant="outline">
            {t('confirm.family')}
          </ButtonLink>
        ) : null}
        {kiosk ? (
          <Button variant="outline" onClick={backToSearch}>
            {t('confirm.kioskNotMe')}
          </Button>
        ) : (
          <Button
            variant="outline"
            loading={leaving}
            onClick={() => {
              setLeaving(true);
              void logout().finally(() => {
                setLeaving(false);
              });
            }}
          >
            {t('confirm.logout')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
