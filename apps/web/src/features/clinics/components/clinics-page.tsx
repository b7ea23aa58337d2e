import { useSyncExternalStore } from 'react';
import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingHospital } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLINIC_CONNECT_PATH } from '@app/contracts/clinic-invitation-code';
import type { PatientClinic } from '@app/contracts/clinic-invitations';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListSkeleton } from '../../../components/ui/list-skeleton.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { isSwitchedToPatient } from '../../../lib/auth/patient-switch.ts';
import { subscribeSession } from '../../../lib/auth/session-store.ts';
import { patientClinicsQuery } from '../api/list-patient-clinics.ts';
import { ClinicPlaces } from './clinic-places.tsx';
import { formatInstant } from '../../../lib/dates/format-time.ts';

/** "Connected since": the day the patient was registered, in the viewer's calendar. */
export function formatConnectedSince(iso: string, language: string): string {
  return formatInstant(iso, { language, style: 'dateLong' });
}

/** The booking start for one clinic (decision 0017: the clinic comes from clinicUuid). */
export const bookingPathOf = (clinicUuid: string) =>
  `/user/appointment/create?clinicUuid=${encodeURIComponent(clinicUuid)}`;

function ClinicCard({ clinic }: { clinic: PatientClinic }) {
  const { t, i18n } = useTranslation('clinics');
  return (
    <Paper withBorder p="md" component="li">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          {clinic.logo ? (
            <img src={clinic.logo} alt="" width={40} height={40} className="app-avatar" />
          ) : null}
          <Stack gap={0}>
            <Title order={2} size="h3">
              {clinic.name}
            </Title>
            <Text size="sm" c="gray.8">
              {t('connectedSince', { date: formatConnectedSince(clinic.connectedAt, i18n.language) })}
            </Text>
          </Stack>
        </Group>
        <ClinicPlaces clinicName={clinic.name} locations={clinic.locations} />
        {clinic.bookable ? (
          <Group>
            <ButtonLink
              to={bookingPathOf(clinic.clinicUuid)}
              variant="outline"
              aria-label={t('bookLabel', { clinic: clinic.name })}
            >
              {t('book')}
            </ButtonLink>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** /user/provider: spec 1 §2 side menu "Clinics" — the clinics the patient belongs to (decision 0035). */
export function ClinicsPage() {
  const { t } = useTranslation('clinics');
  const { t: tRoot } = useTranslation();
  const clinics = useQuery(patientClinicsQuery());
  // A provider acting as the patient (spec 2 §4) may look, but connecting is the patient's decision.
  const switchedByProvider = useSyncExternalStore(subscribeSession, isSwitchedToPatient);
  const title = tRoot('route.user.provider');

  return (
    <Stack gap="lg" maw={720}>
      <Group justify="space-between" align="center">
        <PageTitle>{title}</PageTitle>
        {switchedByProvider ? null : <ButtonLink to={CLINIC_CONNECT_PATH}>{t('connectAnother')}</ButtonLink>}
      </Group>
      <Text>{t('listIntro')}</Text>
      {clinics.isPending ? <ListSkeleton label={t('loading')} rows={2} rowHeight={120} /> : null}
      {clinics.isError ? (
        <Alert color="red" role="alert">
          {t('loadFailed')}
        </Alert>
      ) : null}
      {clinics.data?.length === 0 ? (
        <EmptyState
          icon={<IconBuildingHospital size={24} />}
          title={t('empty')}
          text={switchedByProvider ? undefined : t('emptyText')}
        />
      ) : null}
      {clinics.data && clinics.data.length > 0 ? (
        <Stack
          component="ul"
          gap="sm"
          aria-label={title}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {clinics.data.map((clinic) => (
            <ClinicCard key={clinic.clinicUuid} clinic={clinic} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
