import { useState } from 'react';
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  biometricOfferQueued,
  clearBiometricOffer,
  storeBiometricChoice,
} from '../../../lib/auth/biometric-login.ts';
import { getSession } from '../../../lib/auth/session-store.ts';
import { deviceName, registerDevicePasskey } from '../register-device-passkey.ts';

/**
 * spec 1 §4: after the first login in the Care Manager app, when the device has biometrics and the
 * choice is not made yet, ask to allow biometric login and store yes/no. Yes creates a passkey.
 */
export function BiometricOffer() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(biometricOfferQueued);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const close = () => {
    clearBiometricOffer();
    setOpen(false);
  };

  const deny = () => {
    storeBiometricChoice('no');
    close();
  };

  const allow = async () => {
    const userId = getSession()?.user.id;
    if (!userId) {
      close();
      return;
    }
    setBusy(true);
    setFailed(false);
    try {
      await registerDevicePasskey(userId, deviceName(i18n.language));
      close();
    } catch {
      // The person cancelled the prompt or the device refused: the choice stays open for next time.
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={open}
      onClose={close}
      title={t('biometric.offerTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('biometric.close') }}
      transitionProps={{ duration: 0 }}
    >
      <Text>{t('biometric.offerText')}</Text>
      {failed ? (
        <Alert color="red" mt="md" role="alert">
          {t('biometric.setupFailed')}
        </Alert>
      ) : null}
      <Group mt="lg" justify="flex-end">
        <Button variant="outline" onClick={deny} disabled={busy}>
          {t('biometric.deny')}
        </Button>
        <Button onClick={() => void allow()} loading={busy}>
          {t('biometric.allow')}
        </Button>
      </Group>
    </Modal>
  );
}
