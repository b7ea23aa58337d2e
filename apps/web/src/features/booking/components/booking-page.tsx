import { useEffect, type ReactElement } from 'react';
import { Alert, NativeSelect, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppointmentSummary } from '../../appointments/components/appointment-summary.tsx';
import { useBookingClinics } from '../api/list-booking-clinics.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { hasCareManagerFeatures } from '../../../lib/variant/variant-traits.ts';
import { useBookingFlow } from '../use-booking-flow.ts';
import { ConfirmStep } from './confirm-step.tsx';
import { ConsultationTypeStep } from './consultation-type-step.tsx';
import { ProviderListStep } from './provider-list-step.tsx';
import { RecurringVisitStep } from './recurring-visit-step.tsx';
import { TimeSlotStep } from './time-slot-step.tsx';
import { Busy } from './busy.tsx';
import { BookingForPatient } from './booking-for-patient.tsx';
import type { BookingContext } from './booking-context.ts';

/**
 * spec 2 §2/§4 booking flow: provider list → consultation type (skipped when one department and one
 * type) → time slots or recurring list → confirm (confirm-reschedule) → summary, for patients
 * (/user/appointment/create) and for providers booking for a patient (/provider/patient/:patientId/…).
 */
export function BookingPage() {
  const { t } = useTranslation('booking');
  const config = useAppConfig();
  const flow = useBookingFlow();
  const queryClinic = flow.get('clinicUuid');
  // Decision 0017: the clinic comes from the link (clinicUuid); without one, from the clinics the
  // signed-in person books in — the only one is taken, several are offered in a select.
  const clinics = useBookingClinics(queryClinic === null && flow.step !== 'summary');
  const onlyClinic = clinics.data?.clinics.length === 1 ? clinics.data.clinics[0] : undefined;
  const { setQuery } = flow;
  useEffect(() => {
    if (queryClinic === null && onlyClinic) {
      setQuery({ clinicUuid: onlyClinic.clinicUuid }, { replace: true });
    }
  }, [queryClinic, onlyClinic, setQuery]);

  if (flow.step === 'summary') {
    return <AppointmentSummary />;
  }
  if (flow.step === null) {
    return <Alert color="red">{t('confirm.missing')}</Alert>;
  }
  if (queryClinic === null) {
    if (clinics.isError) {
      return <Alert color="red">{t('loadError')}</Alert>;
    }
    if (!clinics.data || onlyClinic) {
      return <Busy />;
    }
    if (clinics.data.clinics.length === 0) {
      return <Alert color="yellow">{t('noClinic')}</Alert>;
    }
    return (
      <Stack maw={480}>
        <NativeSelect
          label={t('chooseClinic')}
          data={[
            { value: '', label: '' },
            ...clinics.data.clinics.map((clinic) => ({ value: clinic.clinicUuid, label: clinic.clinicName })),
          ]}
          onChange={(event) => {
            setQuery({ clinicUuid: event.currentTarget.value }, { replace: false });
          }}
        />
      </Stack>
    );
  }

  const context: BookingContext = {
    flow,
    clinicUuid: queryClinic,
    careManager: hasCareManagerFeatures(config.variant),
    // spec 2 §6: a provider booking for a patient sends the patient's user id.
    userId: flow.patientId ?? undefined,
  };
  // spec 2 §6 booking for a patient: every step says for whom (decision 0041).
  const withPatient = (step: ReactElement) =>
    flow.patientId ? (
      <Stack gap="xs">
        <BookingForPatient patientId={flow.patientId} />
        {step}
      </Stack>
    ) : (
      step
    );
  switch (flow.step) {
    case 'providers':
      return withPatient(<ProviderListStep context={context} />);
    case 'consultation-types':
      return withPatient(<ConsultationTypeStep context={context} />);
    case 'recurring-visit':
      return withPatient(<RecurringVisitStep context={context} />);
    case 'time-slots':
      return withPatient(<TimeSlotStep context={context} />);
    case 'confirm':
      return withPatient(<ConfirmStep context={context} reschedule={false} />);
    case 'confirm-reschedule':
      // spec 2 §2: confirm-reschedule exists only with cancelAppointmentId.
      return flow.get('cancelAppointmentId') ? (
        withPatient(<ConfirmStep context={context} reschedule />)
      ) : (
        <Alert color="red">{t('confirm.missing')}</Alert>
      );
  }
}
