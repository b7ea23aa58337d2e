import { storeBiometricChoice, storeBiometricLogin } from '../../lib/auth/biometric-login.ts';
import { fetchRegistrationOptions, savePasskey } from './api/passkeys-api.ts';
import { formatInstant } from '../../lib/dates/format-time.ts';

/**
 * Creates a passkey on this device's own authenticator (the biometric prompt shows here) and
 * remembers it for the login screen's biometric icon.
 */
export async function registerDevicePasskey(userId: string, name: string): Promise<void> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = await fetchRegistrationOptions();
  const credential = await startRegistration({ optionsJSON });
  const passkey = await savePasskey({ name, credential });
  storeBiometricChoice('yes');
  storeBiometricLogin({ id: userId, passkeyId: passkey.id });
}

/** A short name for the passkey list, from the browser's description of the device. */
export function deviceName(language = 'en'): string {
  const agent = navigator.userAgent;
  const platform = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iPhone or iPad'
      : /Mac OS X/.test(agent)
        ? 'Mac'
        : /Windows/.test(agent)
          ? 'Windows'
          : /Linux/.test(agent)
            ? 'Linux'
            : 'This device';
  return `${platform} (${formatInstant(new Date(), { language, style: 'date' })})`;
}
