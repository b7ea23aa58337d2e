import { Alert, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { PatientCreatePage } from '../../appointments/components/patient-create-page.tsx';
import { clinicUserDetailsQuery } from '../../demographics/api/get-clinic-user-details.ts';
import { chartPatientQuery } from '../api/get-chart-patient.ts';

/**
 * spec 3 §2 Register patient (/provider/create-patient): the registration form titled "Register
 * patient"; after creation the clinic user details and the patient are loaded, then the patient view
 * opens (spec 3 §4). Not in the check-in app.
 */
export function RegisterPatientPage() {
  const { t } = useTranslation('patients');
  const config = useAppConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (config.variant === 'check-in') {
    return (
      <Stack gap="md" maw={560}>
        <PageTitle>{t('registerTitle')}</PageTitle>
        <Alert color="red" role="alert">
          {t('registerNotInCheckIn')}
        </Alert>
      </Stack>
    );
  }
  return (
    <PatientCreatePage
      title={t('registerTitle')}
      onCreated={async ({ clinicUuid, userId }) => {
        await queryClient.query(clinicUserDetailsQuery(clinicUuid, userId));
        await queryClient.query(chartPatientQuery(clinicUuid, userId));
        await navigate(`/provider/patient/${encodeURIComponent(userId)}`);
      }}
    />
  );
}
