import type { ReactNode } from 'react';
import { Alert, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@app/contracts/appointments';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { errorText } from '../../account-settings/error-text.ts';
import { appointmentQuery } from '../api/get-appointment.ts';

/** Loads one appointment and renders it; loading and not-found states in between. */
export function AppointmentLoader({
  appointmentId,
  children,
}: {
  appointmentId: string | null;
  children: (appointment: Appointment) => ReactNode;
}) {
  const { t } = useTranslation('appointments');
  const query = useQuery({
    ...appointmentQuery(appointmentId ?? ''),
    enabled: Boolean(appointmentId),
    meta: { errorBanner: false },
  });
  if (!appointmentId || query.isError) {
    const notFound = !appointmentId || (isApiRequestError(query.error) && query.error.status === 404);
    return (
      <Stack>
        <PageTitle>{t('details.title')}</PageTitle>
        <Alert color="red" role="alert">
          {notFound ? t('details.notFound') : errorText(query.error)}
        </Alert>
      </Stack>
    );
  }
  if (!query.data) {
    return (
      <Stack>
        <PageTitle>{t('details.title')}</PageTitle>
        <Loader role="status" aria-label={t('details.loading')} />
      </Stack>
    );
  }
  return <>{children(query.data)}</>;
}
