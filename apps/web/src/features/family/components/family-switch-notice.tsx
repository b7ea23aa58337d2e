import { useState, useSyncExternalStore } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isSwitchedToFamilyMember, setAsideFamilyPrimary } from '../../../lib/auth/patient-switch.ts';
import { subscribeSession } from '../../../lib/auth/session-store.ts';
import { useFamilySwitch } from '../use-family-switch.ts';

/**
 * spec 3 §4: while a primary user acts as a family member, the patient area says so and offers the
 * way back (the primary user's session is restored).
 */
export function FamilySwitchNotice() {
  const { t } = useTranslation();
  const switched = useSyncExternalStore(subscribeSession, isSwitchedToFamilyMember);
  const { switchBack } = useFamilySwitch();
  const [pending, setPending] = useState(false);
  if (!switched || !setAsideFamilyPrimary()) {
    return null;
  }
  return (
    <Alert color="blue" variant="light" mb="md" role="region" aria-label={t('familySwitch.notice')}>
      <Group justify="space-between" gap="sm">
        <Text>{t('familySwitch.notice')}</Text>
        <Button
          loading={pending}
          onClick={() => {
            setPending(true);
            void switchBack().finally(() => {
              setPending(false);
            });
          }}
        >
          {t('familySwitch.back')}
        </Button>
      </Group>
    </Alert>
  );
}
