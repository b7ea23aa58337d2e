import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getPatientSummary } from '../../appointments/api/patient-api.ts';

/**
 * A provider booking for a patient sees for whom on every step (issue 17 item 2, decision 0041). The
 * name comes from GET /api/patients/:id, which APPOINTMENTS or PATIENT at the patient's clinic opens;
 * without an answer the line is left out rather than blocking the booking.
 */
export function BookingForPatient({ patientId }: { patientId: string }) {
  const { t } = useTranslation('booking');
  const patient = useQuery({
    queryKey: ['/api/patients', patientId],
    queryFn: ({ signal }) => getPatientSummary(patientId, signal),
    retry: false,
    staleTime: 5 * 60_000,
    meta: { url: '/api/patients', errorBanner: false },
  });
  if (!patient.data) {
    return null;
  }
  return (
    <Text fw={600} data-testid="booking-for-patient">
      {t('bookingFor', { name: patient.data.name })}
    </Text>
  );
}
