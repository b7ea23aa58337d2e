import { useState, useSyncExternalStore } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isSwitchedToPatient } from '../../../lib/auth/patient-switch.ts';
import { subscribeSession } from '../../../lib/auth/session-store.ts';
import { useReturnToProvider } from '../use-patient-switch.ts';

/**
 * spec 2 §4: while a provider acts as a patient, the patient area says so and offers the way back
 * ('Return to provider' restores the provider's session and removes the patient's).
 */
export function SwitchedPatientNotice() {
  const { t } = useTranslation();
  const switched = useSyncExternalStore(subscribeSession, isSwitchedToPatient);
  const returnToProvider = useReturnToProvider();
  const [pending, setPending] = useState(false);
  if (!switched) {
    return null;
  }
  return (
    <Alert color="blue" variant="light" mb="md" role="region" aria-label={t('patientSwitch.notice')}>
      <Group justify="space-between" gap="sm">
        <Text>{t('patientSwitch.notice')}</Text>
        <Button
          loading={pending}
          onClick={() => {
            setPending(true);
            void returnToProvider().finally(() => {
              setPending(false);
            });
          }}
        >
          {t('patientSwitch.return')}
        </Button>
      </Group>
    </Alert>
  );
}
